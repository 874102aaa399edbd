import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import type { ShipmentMethodInfo } from '../../lib/carriers/carrier.ts';
import { refusal } from '../../lib/errors.ts';

/** Shipment methods (a global table: every organisation ships with the provider's methods). */
function methodQuery(db: Db) {
  return systemSql(db)
    .selectFrom('shipment_methods')
    .select(['id', 'code', 'name', 'carrier', 'price_cents', 'country_code', 'product_code']);
}

type MethodRow = Awaited<ReturnType<ReturnType<typeof methodQuery>['executeTakeFirstOrThrow']>>;

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
  const row = await methodQuery(db)
    .where('active', '=', true)
    .where('price_cents', '>', 0)
    .where((eb) => eb.or([eb('country_code', 'is', null), eb(sql`upper(country_code)`, '=', country)]))
    .where('code', '<>', 'OWN-SHIPMENT')
    .where('code', 'not like', '%STAMP%')
    .where('carrier', 'not in', ['own', 'stamp'])
    .orderBy('is_default', 'desc')
    .orderBy(sql`(carrier = 'local')`, 'desc')
    .orderBy(sql`(upper(country_code) = ${country})`, (ob) => ob.desc().nullsLast())
    .orderBy('price_cents')
    .orderBy('code')
    .limit(1)
    .executeTakeFirst();
  return row ? toMethod(row) : null;
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
    const row = await methodQuery(db).where('code', '=', code).where('active', '=', true).executeTakeFirst();
    if (!row)
      throw refusal(`Unknown or inactive shipment method: ${code}`, 'unknown_value', {
        field: 'method_code',
        value: code,
      });
    return toMethod(row);
  }
  if (selectedId) {
    const row = await methodQuery(db).where('id', '=', selectedId).executeTakeFirst();
    if (row) return toMethod(row);
  }
  const fallback = await defaultShipmentMethod(db, country);
  if (!fallback)
    throw refusal('Choose a shipment method for this order', 'missing', { field: 'method_code' });
  return fallback;
}

/**
 * The method of `carrier` (e.g. `dhl`) to ship with (ADR 0046, POST /dhl/ship): the asked code (must be an active
 * method of that carrier, else 400), else the order's selected method when it is one of the carrier's, else the
 * carrier's active method for the recipient's country (its own before every-country methods, then the cheapest).
 * 400 when the carrier has no active method for the country.
 */
export async function carrierMethod(
  db: Db,
  carrier: string,
  code: string | undefined,
  selectedId: string | null,
  countryCode: string,
): Promise<ShipmentMethodInfo> {
  const country = countryCode.trim().toUpperCase() || 'NL';
  const ofCarrier = () => methodQuery(db).where('carrier', '=', carrier).where('active', '=', true);
  if (code) {
    const row = await ofCarrier().where('code', '=', code).executeTakeFirst();
    if (!row)
      throw refusal(
        `${code} is not an active ${carrier.toUpperCase()} shipment method`,
        'method_wrong_carrier',
        {
          field: 'method_code',
          value: code,
          allowed: carrier.toUpperCase(),
        },
      );
    return toMethod(row);
  }
  if (selectedId) {
    const row = await ofCarrier().where('id', '=', selectedId).executeTakeFirst();
    if (row) return toMethod(row);
  }
  const row = await ofCarrier()
    .where((eb) => eb.or([eb('country_code', 'is', null), eb(sql`upper(country_code)`, '=', country)]))
    .orderBy(sql`(upper(country_code) = ${country})`, (ob) => ob.desc().nullsLast())
    .orderBy('price_cents')
    .orderBy('code')
    .limit(1)
    .executeTakeFirst();
  if (!row)
    throw refusal(
      `There is no active ${carrier.toUpperCase()} shipment method for ${country}; add one under shipment methods`,
      'no_method_for_country',
      { allowed: carrier.toUpperCase(), country },
    );
  return toMethod(row);
}
