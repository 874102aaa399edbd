import { describe, expect, it } from 'vitest';
import { ORDER_IMPORT_ALIASES, ORDER_IMPORT_FIELDS } from '../orders/order-import.rules.ts';
import { PRODUCT_IMPORT_FIELDS } from '../products/product-import.fields.ts';
import { PRODUCT_IMPORT_ALIASES } from '../products/product-import.rules.ts';
import {
  guessColumnMapping,
  headerSimilarity,
  MAPPING_THRESHOLD,
  normaliseHeader,
} from './column-mapping.rules.ts';

/** The header row of Shopify's orders export (79 columns). */
const SHOPIFY_ORDERS_EXPORT = [
  'Name',
  'Email',
  'Financial Status',
  'Paid at',
  'Fulfillment Status',
  'Fulfilled at',
  'Accepts Marketing',
  'Currency',
  'Subtotal',
  'Shipping',
  'Taxes',
  'Total',
  'Discount Code',
  'Discount Amount',
  'Shipping Method',
  'Created at',
  'Lineitem quantity',
  'Lineitem name',
  'Lineitem price',
  'Lineitem compare at price',
  'Lineitem sku',
  'Lineitem requires shipping',
  'Lineitem taxable',
  'Lineitem fulfillment status',
  'Billing Name',
  'Billing Street',
  'Billing Address1',
  'Billing Address2',
  'Billing Company',
  'Billing City',
  'Billing Zip',
  'Billing Province',
  'Billing Country',
  'Billing Phone',
  'Shipping Name',
  'Shipping Street',
  'Shipping Address1',
  'Shipping Address2',
  'Shipping Company',
  'Shipping City',
  'Shipping Zip',
  'Shipping Province',
  'Shipping Country',
  'Shipping Phone',
  'Notes',
  'Note Attributes',
  'Cancelled at',
  'Payment Method',
  'Payment Reference',
  'Refunded Amount',
  'Vendor',
  'Outstanding Balance',
  'Employee',
  'Location',
  'Device ID',
  'Id',
  'Tags',
  'Risk Level',
  'Source',
  'Lineitem discount',
  'Tax 1 Name',
  'Tax 1 Value',
  'Tax 2 Name',
  'Tax 2 Value',
  'Tax 3 Name',
  'Tax 3 Value',
  'Tax 4 Name',
  'Tax 4 Value',
  'Tax 5 Name',
  'Tax 5 Value',
  'Phone',
  'Receipt Number',
  'Duties',
  'Billing Province Name',
  'Shipping Province Name',
  'Payment ID',
  'Payment Terms Name',
  'Next Payment Due At',
  'Payment References',
];

/** bol's order export in Dutch, with delivery and invoice addresses. */
const BOL_ORDERS_EXPORT_NL = [
  'Bestelnummer',
  'Bestelregelnummer',
  'Datum bestelling',
  'Uiterste leverdatum',
  'EAN',
  'Referentie',
  'Producttitel',
  'Aantal',
  'Prijs',
  'Commissie',
  'Aanhef bezorging',
  'Voornaam bezorging',
  'Achternaam bezorging',
  'Straat bezorging',
  'Huisnummer bezorging',
  'Toevoeging bezorging',
  'Extra adresinformatie bezorging',
  'Postcode bezorging',
  'Woonplaats bezorging',
  'Land bezorging',
  'Telefoonnummer bezorging',
  'Bedrijfsnaam bezorging',
  'E-mailadres',
  'Aanhef facturatie',
  'Voornaam facturatie',
  'Achternaam facturatie',
  'Straat facturatie',
  'Huisnummer facturatie',
  'Toevoeging facturatie',
  'Postcode facturatie',
  'Woonplaats facturatie',
  'Land facturatie',
  'Bedrijfsnaam facturatie',
  'BTW-nummer',
];

/** bol's order export in its API spelling (shipping and billing columns). */
const BOL_ORDERS_EXPORT_API = [
  'orderid',
  'orderitemid',
  'datetimeorderplaced',
  'salutationshipping',
  'firstnameshipping',
  'surnameshipping',
  'streetnameshipping',
  'housenumbershipping',
  'housenumberextensionshipping',
  'extraaddressinformationshipping',
  'zipcodeshipping',
  'cityshipping',
  'countryshipping',
  'emailshipping',
  'companynameshipping',
  'deliveryphonenumbershipping',
  'languageshipping',
  'salutationbilling',
  'firstnamebilling',
  'surnamebilling',
  'streetnamebilling',
  'housenumberbilling',
  'housenumberextensionbilling',
  'zipcodebilling',
  'citybilling',
  'countrybilling',
  'emailbilling',
  'companynamebilling',
  'ean',
  'title',
  'quantity',
  'price',
  'latestdeliverydate',
];

describe('normaliseHeader', () => {
  it('ignores case, accents, camelCase and separators', () => {
    expect(normaliseHeader('Shipping Zip')).toBe('shippingzip');
    expect(normaliseHeader('shipping_zip')).toBe('shippingzip');
    expect(normaliseHeader('shippingZip')).toBe('shippingzip');
    expect(normaliseHeader('Rue Émile / Nr.')).toBe('rueemilenr');
  });
});

describe('guessColumnMapping (spec 1 §2 Import, §5; spec 3 §2 Bulk import)', () => {
  it("maps the delivery columns of Shopify's 79-column orders export and leaves billing columns alone", () => {
    expect(SHOPIFY_ORDERS_EXPORT).toHaveLength(79);
    const m = guessColumnMapping(ORDER_IMPORT_FIELDS, SHOPIFY_ORDERS_EXPORT, ORDER_IMPORT_ALIASES);
    expect(m).toEqual({
      order_id: 'Name',
      product_ean: 'Lineitem sku',
      quantity: 'Lineitem quantity',
      city: 'Shipping City',
      countryCode: 'Shipping Country',
      email: 'Email',
      firstName: 'Shipping Name',
      surName: null,
      streetName: 'Shipping Address1',
      houseNumber: null,
      houseNumberExtension: null,
      language: null,
      salutation: null,
      zipcode: 'Shipping Zip',
      deliveryPhoneNumber: 'Shipping Phone',
      reason: null,
      notesText: 'Notes',
      company: 'Shipping Company',
    });
    expect(Object.values(m).some((c) => c?.startsWith('Billing'))).toBe(false);
  });

  it("maps bol's Dutch export to the delivery address, not the invoice address", () => {
    const m = guessColumnMapping(ORDER_IMPORT_FIELDS, BOL_ORDERS_EXPORT_NL, ORDER_IMPORT_ALIASES);
    expect(m).toMatchObject({
      order_id: 'Bestelnummer',
      product_ean: 'EAN',
      quantity: 'Aantal',
      city: 'Woonplaats bezorging',
      countryCode: 'Land bezorging',
      email: 'E-mailadres',
      firstName: 'Voornaam bezorging',
      surName: 'Achternaam bezorging',
      streetName: 'Straat bezorging',
      houseNumber: 'Huisnummer bezorging',
      houseNumberExtension: 'Toevoeging bezorging',
      salutation: 'Aanhef bezorging',
      zipcode: 'Postcode bezorging',
      deliveryPhoneNumber: 'Telefoonnummer bezorging',
      company: 'Bedrijfsnaam bezorging',
    });
  });

  it("maps bol's API spelling ('zipcodeshipping') by dropping the context word, billing columns stay unused", () => {
    const m = guessColumnMapping(ORDER_IMPORT_FIELDS, BOL_ORDERS_EXPORT_API, ORDER_IMPORT_ALIASES);
    expect(m).toMatchObject({
      order_id: 'orderid',
      product_ean: 'ean',
      quantity: 'quantity',
      city: 'cityshipping',
      countryCode: 'countryshipping',
      firstName: 'firstnameshipping',
      surName: 'surnameshipping',
      streetName: 'streetnameshipping',
      houseNumber: 'housenumbershipping',
      houseNumberExtension: 'housenumberextensionshipping',
      zipcode: 'zipcodeshipping',
      deliveryPhoneNumber: 'deliveryphonenumbershipping',
      salutation: 'salutationshipping',
      company: 'companynameshipping',
    });
    expect(Object.values(m).some((c) => c?.endsWith('billing'))).toBe(false);
  });

  it('maps exact field names of our own template one to one', () => {
    const m = guessColumnMapping(
      ORDER_IMPORT_FIELDS,
      [...ORDER_IMPORT_FIELDS].reverse(),
      ORDER_IMPORT_ALIASES,
    );
    for (const f of ORDER_IMPORT_FIELDS) expect(m[f]).toBe(f);
  });

  it('respects the threshold: a similarity of exactly 0.6 is not enough, just above it is', () => {
    // 'city' against 'City code': 3 shared bigrams of 3 + 7 → 6/10 = 0.6 exactly.
    expect(headerSimilarity('city', 'City code')).toBe(0.6);
    expect(guessColumnMapping(['city'], ['City code'])).toEqual({ city: null });
    // 'firstname' against 'firstnamebilling': 16/(8 + 15) ≈ 0.70.
    expect(headerSimilarity('firstname', 'firstnamebilling')).toBeGreaterThan(MAPPING_THRESHOLD);
    expect(guessColumnMapping(['firstname'], ['firstnamebilling'], {}, { contextWords: [] })).toEqual({
      firstname: 'firstnamebilling',
    });
    expect(guessColumnMapping(['city'], ['Colour', 'Weight'])).toEqual({ city: null });
  });

  it('uses a column once: the best pair wins and the other field looks further', () => {
    // Both fields resemble 'Shipping Zip'; zipcode matches it exactly through its alias, so city
    // must not also take it and falls back to its own column.
    const m = guessColumnMapping(
      ['city', 'zipcode'] as const,
      ['Shipping Zip', 'Plaats'],
      ORDER_IMPORT_ALIASES,
    );
    expect(m).toEqual({ city: 'Plaats', zipcode: 'Shipping Zip' });
    const one = guessColumnMapping(['city', 'zipcode'] as const, ['Shipping Zip'], ORDER_IMPORT_ALIASES);
    expect(one).toEqual({ city: null, zipcode: 'Shipping Zip' });
    expect(new Set(Object.values(m)).size).toBe(2);
  });

  it('prefers a full-name match over a match found after dropping a context word', () => {
    // 'Shipping Name' without its context word is 'name', which equals the order_id alias 'Name';
    // the real 'Name' column still wins order_id and firstName keeps 'Shipping Name'.
    const m = guessColumnMapping(ORDER_IMPORT_FIELDS, ['Shipping Name', 'Name'], ORDER_IMPORT_ALIASES);
    expect(m.order_id).toBe('Name');
    expect(m.firstName).toBe('Shipping Name');
  });

  it('maps a product template with Dutch headers', () => {
    const m = guessColumnMapping(
      PRODUCT_IMPORT_FIELDS,
      ['Productnaam', 'EAN', 'Gewicht (kg)', 'Lengte', 'HS code'],
      PRODUCT_IMPORT_ALIASES,
    );
    expect(m).toMatchObject({
      Product_name: 'Productnaam',
      barcode_sku_ean: 'EAN',
      weight_kg: 'Gewicht (kg)',
      length: 'Lengte',
      hs: 'HS code',
      height: null,
    });
  });

  it("guesses the customs value only from its own name, never from a price column ('Prijs', 'Price')", () => {
    // A product has no price field: a shop's selling price is not the customs value and stays unmapped.
    for (const price of ['Prijs', 'Price', 'prijs', 'PRICE', 'Verkoopprijs', 'Variant Price']) {
      const m = guessColumnMapping(
        PRODUCT_IMPORT_FIELDS,
        ['Productnaam', 'EAN', price],
        PRODUCT_IMPORT_ALIASES,
      );
      expect(m.value, price).toBeNull();
      expect(Object.values(m)).not.toContain(price);
    }
    for (const customs of [
      'Douanewaarde',
      'Customs value',
      'Douanewaarde (€)',
      'Customs value (€)',
      'value',
    ]) {
      const m = guessColumnMapping(
        PRODUCT_IMPORT_FIELDS,
        ['Productnaam', 'EAN', 'Prijs', customs],
        PRODUCT_IMPORT_ALIASES,
      );
      expect(m.value, customs).toBe(customs);
    }
  });

  it('leaves a price column of an order file unmapped: the order import has no price field', () => {
    const m = guessColumnMapping(
      ORDER_IMPORT_FIELDS,
      ['Ordernummer', 'EAN', 'Aantal', 'Prijs', 'Price'],
      ORDER_IMPORT_ALIASES,
    );
    expect(Object.values(m)).not.toContain('Prijs');
    expect(Object.values(m)).not.toContain('Price');
  });
});
