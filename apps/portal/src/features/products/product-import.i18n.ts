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
    linesExpanded_one:
      '{{count}} unpicked line of an open order now lists the bundle’s parts, so the pickers pick the parts.',
    linesExpanded_other:
      '{{count}} unpicked lines of open orders now list the bundle’s parts, so the pickers pick the parts.',
    unchanged: 'Already there',
    automationResults: 'Automation rules',
    /**
     * The product, bundle and automation imports' reasons by core PRODUCT_IMPORT_REASON_CODES,
     * BUNDLE_IMPORT_REASON_CODES and AUTOMATION_IMPORT_REASON_CODES (ADR 0119 §3); `field` is the column's label.
     */
    reasons: {
      text_too_long: '{{field}} is too long (at most {{limit}} characters)',
      text_invalid: '{{field}} contains control or invalid characters',
      missing_name: 'Product name is missing',
      missing_ean: '{{field}} is missing',
      ean_not_digits: '{{field}} may hold digits only',
      ean_length: '{{field}} must have 8 to 14 digits',
      ean_check_digit: '{{field}}: the check digit is wrong',
      parent_is_self: 'The parent EAN is the product itself',
      bad_boolean: "{{field}} must be yes or no (ja/nee, 1/0): '{{value}}'",
      not_a_number: "{{field}} must be a number of 0 or more: '{{value}}'",
      too_large: '{{field}} must be at most {{limit}} {{unit}}',
      bad_url:
        '{{field}} must be a web address starting with http:// or https:// (at most {{limit}} characters)',
      duplicate_ean: 'This EAN appears twice in the file',
      missing: '{{field}} is missing',
      not_one_of: "{{field}} must be one of {{allowed}} (not '{{value}}')",
      text_operator: '{{field}} compares only with == or !=',
      quantity_not_a_number: "{{field}} must be a number when the condition is the quantity: '{{value}}'",
      out_of_range: '{{field}} must be {{min}} to {{limit}}',
      unknown_product: '{{field}}: your shop has no product with EAN {{ean}}',
      unknown_shipment_method: 'Unknown shipment method: {{value}}',
      unknown_packaging: 'Unknown packaging: {{value}}',
      part_without_bundle: 'This part has no bundle (a bundle name and main EAN above it)',
      contains_itself: 'A bundle cannot contain itself',
      no_parts: 'This bundle has no parts',
      duplicate_bundle: 'This bundle appears twice in the file',
      part_is_bundle: '{{field}}: the product with EAN {{ean}} is a bundle itself',
      parent_is_part: 'This product is a part of another bundle',
      missing_new_name: '{{field}} is missing (needed for a new product)',
    },
    /** A bundle part's problem, by the part's number within its bundle (values.item). */
    reasonOfItem: 'Part {{item}}: {{reason}}',
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
    linesExpanded_one:
      '{{count}} ongepickte regel van een openstaande order toont nu de onderdelen van de bundel: die worden gepickt.',
    linesExpanded_other:
      '{{count}} ongepickte regels van openstaande orders tonen nu de onderdelen van de bundel: die worden gepickt.',
    unchanged: 'Bestond al',
    automationResults: 'Automatiseringsregels',
    reasons: {
      text_too_long: '{{field}} is te lang (hoogstens {{limit}} tekens)',
      text_invalid: '{{field}} bevat stuur- of ongeldige tekens',
      missing_name: 'Productnaam ontbreekt',
      missing_ean: '{{field}} ontbreekt',
      ean_not_digits: '{{field}} mag alleen cijfers bevatten',
      ean_length: '{{field}} moet 8 tot 14 cijfers hebben',
      ean_check_digit: '{{field}}: het controlecijfer klopt niet',
      parent_is_self: 'De EAN van het hoofdproduct is het product zelf',
      bad_boolean: "{{field}} moet ja of nee zijn (yes/no, 1/0): '{{value}}'",
      not_a_number: "{{field}} moet een getal van 0 of meer zijn: '{{value}}'",
      too_large: '{{field}} mag hoogstens {{limit}} {{unit}} zijn',
      bad_url:
        '{{field}} moet een webadres zijn dat met http:// of https:// begint (hoogstens {{limit}} tekens)',
      duplicate_ean: 'Deze EAN staat twee keer in het bestand',
      missing: '{{field}} ontbreekt',
      not_one_of: "{{field}} moet een van deze zijn: {{allowed}} (niet '{{value}}')",
      text_operator: '{{field}} vergelijkt alleen met == of !=',
      quantity_not_a_number: "{{field}} moet een getal zijn als de voorwaarde het aantal is: '{{value}}'",
      out_of_range: '{{field}} moet {{min}} tot {{limit}} zijn',
      unknown_product: '{{field}}: je winkel heeft geen product met EAN {{ean}}',
      unknown_shipment_method: 'Onbekende verzendmethode: {{value}}',
      unknown_packaging: 'Onbekende verpakking: {{value}}',
      part_without_bundle: 'Dit onderdeel hoort bij geen bundel (een bundelnaam en hoofd-EAN erboven)',
      contains_itself: 'Een bundel kan zichzelf niet bevatten',
      no_parts: 'Deze bundel heeft geen onderdelen',
      duplicate_bundle: 'Deze bundel staat twee keer in het bestand',
      part_is_bundle: '{{field}}: het product met EAN {{ean}} is zelf een bundel',
      parent_is_part: 'Dit product is een onderdeel van een andere bundel',
      missing_new_name: '{{field}} ontbreekt (nodig voor een nieuw product)',
    },
    reasonOfItem: 'Onderdeel {{item}}: {{reason}}',
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
