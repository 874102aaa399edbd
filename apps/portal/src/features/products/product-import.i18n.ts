import { useTranslation } from 'react-i18next';

/**
 * Texts of the bulk import's types (namespace 'bulkImport'; spec 3 §2 Bulk import screen, §8 toasts, §9 templates):
 * loaded with the import page's own chunk (not the first load), added to i18next on first use.
 */
export const bulkImportI18n = {
  en: {
    title: 'Bulk import',
    intro:
      'Import products, product bundles or automation rules from a CSV or Excel (.xlsx) file. The type follows the file’s columns; download a template to start from.',
    type: 'What do you import?',
    types: { products: 'Products only', product_bundles: 'Product bundles', automations: 'Automation rules' },
    detected: 'The columns look like {{type}}: type switched.',
    automationsToggle: 'Also import automation rules from this file',
    parentMapping: 'Parent EAN mapping',
    parentMappingHint: 'Shows which products the file links to a parent product.',
    parentTitle: 'Parent–child mapping',
    parent: 'Parent EAN',
    children: 'Child EANs',
    noParents: 'No row names a parent EAN.',
    tabs: { products: 'Products ({{count}})', automations: 'Automations ({{count}})' },
    noAutomations: 'No row holds an automation rule (condition field, operator, action field).',
    bundlesSummary: '{{bundles}} bundles with {{items}} parts will be imported.',
    toastBundles: 'Successfully imported {{count}} product bundles',
    toastAutomations: 'Successfully imported {{count}} automation rules',
    unknownType: 'Unknown import type: {{type}}',
    saved: 'Saved',
    bundlesSaved: 'Bundles saved',
    createdParents: 'New bundle products',
    unchanged: 'Already there',
    automationResults: 'Automation rules',
  },
  nl: {
    title: 'Bulkimport',
    intro:
      'Importeer producten, productbundels of automatiseringsregels uit een CSV- of Excel-bestand (.xlsx). Het soort volgt de kolommen van het bestand; download een sjabloon om mee te beginnen.',
    type: 'Wat importeer je?',
    types: {
      products: 'Alleen producten',
      product_bundles: 'Productbundels',
      automations: 'Automatiseringsregels',
    },
    detected: 'De kolommen lijken op {{type}}: soort aangepast.',
    automationsToggle: 'Ook automatiseringsregels uit dit bestand importeren',
    parentMapping: 'Hoofd-EAN koppelen',
    parentMappingHint: 'Toont welke producten het bestand aan een hoofdproduct koppelt.',
    parentTitle: 'Hoofd- en subproducten',
    parent: 'Hoofd-EAN',
    children: 'Sub-EAN’s',
    noParents: 'Geen enkele rij noemt een hoofd-EAN.',
    tabs: { products: 'Producten ({{count}})', automations: 'Automatiseringen ({{count}})' },
    noAutomations: 'Geen rij bevat een automatiseringsregel (conditieveld, operator, actieveld).',
    bundlesSummary: '{{bundles}} bundels met {{items}} onderdelen worden geïmporteerd.',
    toastBundles: '{{count}} productbundels geïmporteerd',
    toastAutomations: '{{count}} automatiseringsregels geïmporteerd',
    unknownType: 'Onbekend importsoort: {{type}}',
    saved: 'Opgeslagen',
    bundlesSaved: 'Bundels opgeslagen',
    createdParents: 'Nieuwe bundelproducten',
    unchanged: 'Bestond al',
    automationResults: 'Automatiseringsregels',
  },
};

/** `t` of the 'bulkImport' namespace, adding its texts to the running i18next instance the first time. */
export function useBulkImportTexts() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'bulkImport')) {
    i18n.addResourceBundle('en', 'bulkImport', bulkImportI18n.en);
    i18n.addResourceBundle('nl', 'bulkImport', bulkImportI18n.nl);
  }
  return useTranslation('bulkImport').t;
}
