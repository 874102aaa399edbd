/*
 * The product import's fields and their labels, apart from the row rules (product-import.rules.ts), so the portal's
 * eager texts can name them without loading zod (ADR 0033).
 */

/**
 * The import fields of the product import, in template order (spec 3 §3 'Import row for products',
 * then the new-product form's note, hs and value, then the product's `img_url`, last so the template's
 * existing columns keep their place).
 */
export const PRODUCT_IMPORT_FIELDS = [
  'Product_name',
  'barcode_sku_ean',
  'parent_ean',
  'fullfilled_bysf',
  'length',
  'height',
  'width',
  'weight_kg',
  'note',
  'hs',
  'value',
  'img_url',
] as const;
export type ProductImportField = (typeof PRODUCT_IMPORT_FIELDS)[number];

/** Dutch and English labels of the product import fields, for the mapping screen. */
export const PRODUCT_IMPORT_FIELD_LABELS: Record<ProductImportField, { nl: string; en: string }> = {
  Product_name: { nl: 'Productnaam', en: 'Product name' },
  barcode_sku_ean: { nl: 'EAN (barcode)', en: 'EAN (barcode)' },
  parent_ean: { nl: 'EAN hoofdproduct', en: 'Parent EAN' },
  fullfilled_bysf: { nl: 'Verzonden door fulfilment', en: 'Fulfilled by warehouse' },
  length: { nl: 'Lengte (cm)', en: 'Length (cm)' },
  height: { nl: 'Hoogte (cm)', en: 'Height (cm)' },
  width: { nl: 'Breedte (cm)', en: 'Width (cm)' },
  weight_kg: { nl: 'Gewicht (kg)', en: 'Weight (kg)' },
  note: { nl: 'Notitie', en: 'Note' },
  hs: { nl: 'HS-code', en: 'HS code' },
  value: { nl: 'Douanewaarde (€)', en: 'Customs value (€)' },
  img_url: { nl: 'Afbeelding (URL)', en: 'Image (URL)' },
};
