import { useTranslation } from 'react-i18next';

/**
 * Texts of the product panels (namespace 'productPanels'; spec 3 §2 Automation rules panel, linked products): kept
 * with the panels, so they travel in the chunk of whichever screen mounts them, added to i18next on first use.
 */
const productPanelsI18n = {
  en: {
    automations: {
      title: 'Automation rules',
      intro: 'Rules run when an order with this product arrives (import, bol, new order).',
      empty: 'No rules yet.',
      when: 'When',
      action: 'Then',
      field: 'Condition field',
      fields: { quantity: 'Quantity', ean: 'EAN in the order', 'shipmentDetails.countryCode': 'Country' },
      operator: 'Operator',
      operators: {
        '==': 'equal',
        '!=': 'not equal',
        '>': 'greater than',
        '<': 'less than',
        '>=': 'at least',
        '<=': 'at most',
      },
      value: 'Value',
      actionType: 'Action',
      types: { change: 'Change shipment method or packaging', add: 'Add a product' },
      changeField: 'Change',
      changeFields: { selected_ship_option: 'Shipment method', selected_packaging_option: 'Packaging' },
      changeValue: 'To',
      addEan: 'Product (name, EAN or SKU, 3+ characters)',
      factor: 'Quantity factor',
      factorHint: 'Pieces added per piece of this product',
      add: 'Add rule',
      save: 'Save rule',
      cancel: 'Cancel',
      edit: 'Edit',
      delete: 'Delete',
      deleted: 'Rule deleted',
      saved: 'Rule saved',
      addProduct: 'add {{quantity}} × {{name}}',
      shipMethod: 'shipment method {{value}}',
      packaging: 'packaging {{value}}',
      needAll: 'Fill in the condition and the action.',
      /**
       * A rule's problems by core's automation reason codes (ADR 0119 §3); `field` is the form's label. Zod's own
       * refusals (`not_one_of`, `missing`, `text_too_long`: core VALIDATION_REASON_CODES) use the shared
       * `common:reasons` texts (@hoppa/web `codedReasonText`).
       */
      problems: {
        text_operator: '{{field}} can only be equal or not equal',
        quantity_not_a_number: "{{field}} must be a number when the condition is the quantity: '{{value}}'",
        unknown_shipment_method: 'There is no active shipment method {{value}}',
        unknown_packaging: 'There is no packaging {{value}}',
        unknown_product: 'Your shop has no product with EAN {{ean}}',
      },
    },
    bundle: {
      title: 'Bundle parts',
      intro: 'An order line of this bundle is picked and packed as these parts.',
      notBundle: 'This product is not a bundle. Import bundles on the bulk import screen.',
      partOf: 'Part of bundles',
      part: 'Part',
      quantity: 'Per bundle',
      stock: 'Stock',
      bundleStock: 'Bundles in stock: {{count}}',
    },
  },
  nl: {
    automations: {
      title: 'Automatiseringsregels',
      intro:
        'Regels worden uitgevoerd als er een order met dit product binnenkomt (import, bol, nieuwe order).',
      empty: 'Nog geen regels.',
      when: 'Als',
      action: 'Dan',
      field: 'Conditieveld',
      fields: { quantity: 'Aantal', ean: 'EAN in de order', 'shipmentDetails.countryCode': 'Land' },
      operator: 'Operator',
      operators: {
        '==': 'gelijk aan',
        '!=': 'niet gelijk aan',
        '>': 'groter dan',
        '<': 'kleiner dan',
        '>=': 'minstens',
        '<=': 'hoogstens',
      },
      value: 'Waarde',
      actionType: 'Actie',
      types: { change: 'Verzendmethode of verpakking wijzigen', add: 'Product toevoegen' },
      changeField: 'Wijzig',
      changeFields: { selected_ship_option: 'Verzendmethode', selected_packaging_option: 'Verpakking' },
      changeValue: 'Naar',
      addEan: 'Product (naam, EAN of SKU, 3+ tekens)',
      factor: 'Aantalfactor',
      factorHint: 'Stuks toegevoegd per stuk van dit product',
      add: 'Regel toevoegen',
      save: 'Regel opslaan',
      cancel: 'Annuleren',
      edit: 'Wijzigen',
      delete: 'Verwijderen',
      deleted: 'Regel verwijderd',
      saved: 'Regel opgeslagen',
      addProduct: '{{quantity}} × {{name}} toevoegen',
      shipMethod: 'verzendmethode {{value}}',
      packaging: 'verpakking {{value}}',
      needAll: 'Vul de conditie en de actie in.',
      problems: {
        text_operator: '{{field}} kan alleen gelijk aan of niet gelijk aan zijn',
        quantity_not_a_number: "{{field}} moet een getal zijn als de conditie het aantal is: '{{value}}'",
        unknown_shipment_method: 'Er is geen actieve verzendmethode {{value}}',
        unknown_packaging: 'Er is geen verpakking {{value}}',
        unknown_product: 'Je winkel heeft geen product met EAN {{ean}}',
      },
    },
    bundle: {
      title: 'Onderdelen van de bundel',
      intro: 'Een orderregel van deze bundel wordt als deze onderdelen gepickt en verpakt.',
      notBundle: 'Dit product is geen bundel. Bundels importeer je via bulkimport.',
      partOf: 'Onderdeel van bundels',
      part: 'Onderdeel',
      quantity: 'Per bundel',
      stock: 'Voorraad',
      bundleStock: 'Bundels op voorraad: {{count}}',
    },
  },
};

/** `t` of the 'productPanels' namespace, adding its texts to the running i18next instance the first time. */
export function useProductPanelTexts() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'productPanels')) {
    i18n.addResourceBundle('en', 'productPanels', productPanelsI18n.en);
    i18n.addResourceBundle('nl', 'productPanels', productPanelsI18n.nl);
  }
  return useTranslation('productPanels').t;
}
