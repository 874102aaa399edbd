import type { Db } from '../../db/client.ts';
import type { ShipmentMethodInfo } from '../../lib/carriers/carrier.ts';
import { badRequest } from '../../lib/errors.ts';

type MethodRow = {
  id: string;
  code: string;
  name: string;
  carrier: string;
  price_cents: number;
  country_code: string | null;
  product_code: string | null;
};

function toMethod(r: MethodRow): ShipmentMethodInfo {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    carrier: r.carrier,
    priceCents: r.price_cents,
    countryCode: r.country_code,
    productCode: r.product_code,
  };
}

const METHOD_COLUMNS = 'id, code, name, carrier, price_cents, country_code, product_code';

/**
 * The default shipment method for a recipient in `countryCode` (ISO alpha-2; spec 1 §4 'it ships at
 * once when a ship option is set', §5 shipment method choices): among the active methods that serve
 * the country (its own or every country), the designated default (`is_default`: the local carrier's
 * LOCAL-NL in the demo) first, then the local carrier's, then the cheapest paid one (the country's
 * own before every-country methods). Own shipment and stamps never count as a default: they need a
 * person's choice. Null when no method serves the country. The one place of this rule: order import
 * preselects it and shipping falls back to it.
 */
export async function defaultShipmentMethod(db: Db, countryCode: string): Promise<ShipmentMethodInfo | null> {
  const country = countryCode.trim().toUpperCase() || 'NL';
  const r = await db.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM shipment_methods
      WHERE active AND price_cents > 0 AND (country_code IS NULL OR upper(country_code) = $1)
        AND code <> 'OWN-SHIPMENT' AND code NOT LIKE '%STAMP%' AND carrier NOT IN ('own', 'stamp')
      ORDER BY is_default DESC, (carrier = 'local') DESC, (upper(country_code) = $1) DESC NULLS LAST,
               price_cents, code
      LIMIT 1`,
    [country],
  );
  return r.rows[0] ? toMethod(r.rows[0]) : null;
}

/**
 * The method to ship with: the asked code (must be active, else 400), else the order's selected method,
 * else {@link defaultShipmentMethod} for the recipient's country. 400 when none fits.
 */
export async function resolveMethod(
  db: Db,
  code: string | undefined,
  selectedId: string | null,
  country: string,
): Promise<ShipmentMethodInfo> {
  if (code) {
    const r = await db.query<MethodRow>(
      `SELECT ${METHOD_COLUMNS} FROM shipment_methods WHERE code = $1 AND active`,
      [code],
    );
    if (!r.rows[0]) throw badRequest(`Unknown or inactive shipment method: ${code}`);
    return toMethod(r.rows[0]);
  }
  if (selectedId) {
    const r = await db.query<MethodRow>(`SELECT ${METHOD_COLUMNS} FROM shipment_methods WHERE id = $1`, [
      selectedId,
    ]);
    if (r.rows[0]) return toMethod(r.rows[0]);
  }
  const fallback = await defaultShipmentMethod(db, country);
  if (!fallback) throw badRequest('Choose a shipment method for this order');
  return fallback;
}
