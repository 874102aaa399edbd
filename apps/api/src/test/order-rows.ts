/**
 * Realistic order-import rows for the benchmarks (issue 3, issue 7): Shopify-export-like orders of 1–4 lines, the
 * address on the first row of each order only, Dutch names and addresses, a seeded random sequence, mapped to the
 * import fields as the portal posts them (`OrderImportRow`).
 */
import type { OrderImportRow } from '@hoppa/core';

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const STREETS = [
  'Kerkstraat',
  'Dorpsstraat',
  'Molenweg',
  'Stationsplein',
  '1e Jan Steenstraat',
  'Laan van Meerdervoort',
];
const CITIES = ['Amsterdam', 'Utrecht', 'Gouda', 'Zwolle', "'s-Hertogenbosch", 'Groningen'];
const FIRST = ['Anna', 'Jan', 'Fatima', 'Sanne', 'Piet', 'Émile'];
const LAST = ['de Vries', 'Jansen', 'El Amrani', 'van den Berg', 'Puk', 'Dubois'];

/** `count` mapped rows (about count / 2.5 orders) over the given EANs; order ids `${prefix}100001`… */
export function orderImportRows(
  eans: string[],
  count: number,
  prefix = '#',
): { rows: OrderImportRow[]; orders: number } {
  const rand = lcg(20_260_301);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const rows: OrderImportRow[] = [];
  let orders = 0;
  while (rows.length < count) {
    orders++;
    const lines = Math.min(1 + Math.floor(rand() * 4), count - rows.length);
    const zip = `${1000 + Math.floor(rand() * 8999)} ${String.fromCharCode(65 + Math.floor(rand() * 26))}${String.fromCharCode(65 + Math.floor(rand() * 26))}`;
    const address = {
      company: rand() < 0.1 ? 'Bakkerij de Korenschoof B.V.' : '',
      salutation: '',
      firstName: pick(FIRST),
      surName: pick(LAST),
      streetName: pick(STREETS),
      houseNumber: String(1 + Math.floor(rand() * 250)),
      houseNumberExtension: rand() < 0.2 ? 'a' : '',
      zipcode: zip,
      city: pick(CITIES),
      countryCode: 'NL',
      email: `klant${orders}@example.nl`,
      deliveryPhoneNumber: '+31 6 1234 5678',
      language: 'nl',
      reason: '',
      notesText: rand() < 0.05 ? 'Graag bij de buren afgeven, "achterdeur"' : '',
    };
    // The portal posts every mapped column on every row; continuation rows carry empty address cells.
    const blank = Object.fromEntries(Object.keys(address).map((k) => [k, '']));
    for (let l = 0; l < lines; l++) {
      rows.push({
        order_id: `${prefix}${100_000 + orders}`,
        product_ean: pick(eans),
        quantity: String(1 + Math.floor(rand() * 3)),
        ...(l === 0 ? address : blank),
      });
    }
  }
  return { rows, orders };
}
