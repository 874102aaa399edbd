import { readSampleProducts } from '../../db/seed.ts';

/**
 * A shop's catalogue for the shop platform fakes (ADR 0107), in neutral terms each fake renders in its platform's
 * shape: simple products and products with variants, from the real Dutch sample products (../shared/samples,
 * Open Food Facts, ODbL). Tests add, change or remove items to set up a case.
 */
export interface FakeShopItem {
  /** The platform's numeric id of the product. */
  id: number;
  name: string;
  /** Null: the shop holds no EAN for it. */
  ean: string | null;
  sku: string | null;
  image: string | null;
  /** Where a WooCommerce shop keeps the EAN: its own `global_unique_id` (default) or a plugin's meta key. */
  eanField?: 'global_unique_id' | '_ean' | '_alg_ean';
  /** WooCommerce product type: a grouped product lists others and is no unit. */
  type?: 'simple' | 'variable' | 'grouped';
  /** The variants (a 'variable' product's units), each with its own id, option, EAN, SKU and image. */
  variants?: { id: number; option: string; ean: string | null; sku: string | null; image: string | null }[];
}

/** Options of {@link sampleShopCatalogue}. */
export interface CatalogueOptions {
  /** Index of the first sample product used (default 1,000: products the test seed does not give a merchant). */
  from?: number;
  /** Simple products with an EAN (default 230: three WooCommerce pages of 100). */
  simple?: number;
}

/**
 * A realistic shop: `simple` products from the sample list (every 7th with its EAN in the `_ean` meta, every 11th in
 * `_alg_ean`, every 5th without an image), then one product with three variants ('Hagelslag' in three sizes, each
 * its own sample EAN), two products without an EAN, one with a wrong check digit, one listing the first product's
 * EAN again and one grouped product. Ids count up from 1001, variant ids from 5001.
 */
export function sampleShopCatalogue(opts: CatalogueOptions = {}): FakeShopItem[] {
  const from = opts.from ?? 1000;
  const simple = opts.simple ?? 230;
  const sample = readSampleProducts().slice(from, from + simple + 3);
  const items: FakeShopItem[] = [];
  let id = 1001;
  for (let i = 0; i < simple; i++) {
    const p = sample[i];
    if (!p) break;
    items.push({
      id: id++,
      name: p.name,
      ean: p.ean,
      sku: `WS-${p.ean.slice(-5)}`,
      image: i % 5 === 4 ? null : p.imageUrl,
      eanField: i % 7 === 6 ? '_ean' : i % 11 === 10 ? '_alg_ean' : 'global_unique_id',
    });
  }
  const variantEans = sample.slice(simple, simple + 3);
  items.push({
    id: id++,
    name: 'Hagelslag',
    ean: null,
    sku: 'HAGEL',
    image: 'https://static.openfoodfacts.org/images/products/hagelslag/front.400.jpg',
    type: 'variable',
    variants: ['200 g', '400 g', '600 g'].map((option, k) => ({
      id: 5001 + k,
      option,
      ean: variantEans[k]?.ean ?? null,
      sku: `HAGEL-${k + 1}`,
      image: k === 0 ? 'https://static.openfoodfacts.org/images/products/hagelslag/200g.400.jpg' : null,
    })),
  });
  items.push({ id: id++, name: 'Cadeaubon € 25', ean: null, sku: 'GIFT-25', image: null });
  items.push({ id: id++, name: 'Proefpakket (zonder barcode)', ean: '', sku: null, image: null });
  items.push({ id: id++, name: 'Stroopwafels verkeerd', ean: '8712345678901', sku: 'SW-X', image: null });
  const first = items[0];
  if (first)
    items.push({ id: id++, name: `${first.name} (actie)`, ean: first.ean, sku: 'ACTIE-1', image: null });
  items.push({ id: id++, name: 'Ontbijtpakket', ean: null, sku: null, image: null, type: 'grouped' });
  return items;
}
