/**
 * The sales dashboard's query language (spec 3 §2 Sales dashboard (beta): 'a textarea holding an aggregation
 * query'; §7 `GET /sales?query`). The text is never run as SQL or code: it is parsed here into a small tree of
 * whitelisted fields and operators, which the API turns into parameterised SQL (apps/api sales.service.ts). The
 * portal runs the same check before sending, so a mistake shows at once.
 *
 * The query is JSON: a pipeline (a list of stages) in the manner of MongoDB's `aggregate`, or one object of stages:
 * - `{ "$match": { <field>: <condition>, … } }`: every field's condition holds. A condition is a value
 *   (`"contacted": false`, meaning `$eq`) or an object of operators: `$eq`, `$ne`, `$lt`, `$lte`, `$gt`, `$gte`,
 *   `$in`, `$nin` (a list of at most {@link SALE_QUERY_LIMITS}.list values) and `$regex` (text fields: a
 *   case-insensitive search, with `^` and `$` anchoring it and `.*` / `.` as wildcards; `$options: "i"` is allowed).
 *   `$and` and `$or` take a list of such objects (at most {@link SALE_QUERY_LIMITS}.depth levels).
 * - `{ "$sort": { <field>: 1 | -1, … } }`: ascending or descending (at most three fields).
 * Fields ({@link SALE_FIELD_KINDS}): `name`, `address`, `delivery_time`, `contact_link`, `profile_link` (text),
 * `products` (a whole number), `updated` (a date: `2026-12-01`, an ISO date-time, or relative to now: `now`,
 * `now-7d`, `now+12h`, `now-2w`) and `contacted` (true or false).
 */

/** The kind of value each field of a lead holds (spec 3 §3 Sale). */
export const SALE_FIELD_KINDS = {
  name: 'text',
  address: 'text',
  products: 'number',
  delivery_time: 'text',
  updated: 'date',
  contacted: 'boolean',
  contact_link: 'text',
  profile_link: 'text',
} as const;
export type SaleField = keyof typeof SALE_FIELD_KINDS;
type FieldKind = (typeof SALE_FIELD_KINDS)[SaleField];
const FIELDS = Object.keys(SALE_FIELD_KINDS) as SaleField[];

/** The fields the dashboard sorts by (its sortable columns; the links are not). */
export const SALE_SORT_FIELDS = [
  'name',
  'address',
  'products',
  'delivery_time',
  'updated',
  'contacted',
] as const satisfies readonly SaleField[];
export type SaleSortField = (typeof SALE_SORT_FIELDS)[number];

/** The comparison operators, by the kinds of field each applies to. */
const OPERATORS = {
  $eq: ['text', 'number', 'date', 'boolean'],
  $ne: ['text', 'number', 'date', 'boolean'],
  $lt: ['number', 'date'],
  $lte: ['number', 'date'],
  $gt: ['number', 'date'],
  $gte: ['number', 'date'],
  $in: ['text', 'number'],
  $nin: ['text', 'number'],
  $regex: ['text'],
} as const satisfies Record<string, readonly FieldKind[]>;
type Operator = keyof typeof OPERATORS;
/** A condition's operator without its `$`. */
export type SaleOperator = Operator extends `$${infer O}` ? O : never;

/** How large a query may be: conditions in all, values of one `$in`, nesting of `$and`/`$or`, text length. */
export const SALE_QUERY_LIMITS = { conditions: 50, list: 100, depth: 3, text: 200, sort: 3 } as const;

/**
 * One condition of the tree: `field op value`. `value` is a number or text for those fields, an ISO date-time for
 * `updated` (relative dates resolved against the parse's `now`), true/false for `contacted`, a list for
 * `in`/`nin`, and for `regex` an ILIKE pattern (`%`, `_` and `\` of the text escaped).
 */
export interface SaleCondition {
  field: SaleField;
  op: SaleOperator;
  value: string | number | boolean | readonly (string | number)[];
}
/** The filter tree: every part holds (`all`), one of them holds (`any`), or a condition. */
export type SaleFilter = { all: readonly SaleFilter[] } | { any: readonly SaleFilter[] } | SaleCondition;

/** A parsed query: the filter and the sort order (empty: the API's default, newest first). */
export interface SaleQuery {
  filter: SaleFilter;
  sort: readonly { field: SaleSortField; desc: boolean }[];
}

/** The validation codes of a refused query (core `VALIDATION_REASON_CODES`). */
export type SaleQueryProblemCode =
  | 'query_unreadable'
  | 'query_unknown_field'
  | 'query_unknown_operator'
  | 'query_bad_value'
  | 'query_too_large';

/**
 * Why a query was refused: its validation `code`, the `values` its text names (`at`: where in the query, as a dotted
 * path like `$match.products.$lte`; `value`: what was found there; `allowed`: what may stand there; `expected`: the
 * kind of value wanted, `number`, `date`, `boolean`, `string`, `array`, `object` or `pattern`; `limit`) and the
 * English `message`.
 */
export interface SaleQueryProblem {
  code: SaleQueryProblemCode;
  values: { at: string; value?: string; allowed?: string; expected?: string; limit?: number };
  message: string;
}

/** A query the rules accept, or why not. */
export type SaleQueryResult = { ok: true; query: SaleQuery } | { ok: false; problem: SaleQueryProblem };

class Refused extends Error {
  constructor(readonly problem: SaleQueryProblem) {
    super(problem.message);
  }
}

const shown = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s ?? String(v)).slice(0, 60);
};

function refuse(code: SaleQueryProblemCode, values: SaleQueryProblem['values'], message: string): never {
  throw new Refused({ code, values, message: `Query: ${message}` });
}

function badValue(at: string, value: unknown, expected: string, what: string): never {
  return refuse(
    'query_bad_value',
    { at, value: shown(value), expected },
    `${at}: ${shown(value)} is not ${what}`,
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const RELATIVE = /^now(?:([+-])(\d{1,4})([hdw]))?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** `now`, `now-7d`, `now+12h`, `now-2w`, or an ISO date (years 2000–2100) as an ISO date-time; undefined if neither. */
export function saleQueryDate(text: string, now: Date): string | undefined {
  const rel = RELATIVE.exec(text.trim());
  if (rel) {
    const [, sign, n, unit] = rel;
    const offset = sign ? (sign === '-' ? -1 : 1) * Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS] : 0;
    return new Date(now.getTime() + offset).toISOString();
  }
  const iso = ISO.exec(text.trim());
  if (!iso) return undefined;
  const year = Number(iso[1]);
  const d = new Date(iso[4] ? text.trim() : `${text.trim()}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || year < 2000 || year > 2100) return undefined;
  // 2026-02-31 rolls over in Date: refuse a day that does not exist.
  if (d.getUTCDate() !== Number(iso[3]) && !iso[7]) return undefined;
  return d.toISOString();
}

/**
 * A `$regex` text as an ILIKE pattern: `^` at the start and `$` at the end anchor it (else it matches anywhere),
 * `.*` is any text and `.` any one character, `\` makes the next character literal; `%`, `_` and `\` themselves
 * are escaped. Other regular-expression syntax (`[`, `(`, `|`, `+`, `?`, `{`) is refused: undefined.
 */
export function regexToIlike(re: string): string | undefined {
  let s = re;
  const start = s.startsWith('^');
  if (start) s = s.slice(1);
  const end = s.endsWith('$') && !s.endsWith('\\$');
  if (end) s = s.slice(0, -1);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '\\') {
      const next = s.charAt(i + 1);
      if (!next) return undefined;
      out += /[%_\\]/.test(next) ? `\\${next}` : next;
      i++;
    } else if (c === '.' && s.charAt(i + 1) === '*') {
      out += '%';
      i++;
    } else if (c === '.') out += '_';
    else if (/[[\](){}|+?*^$]/.test(c)) return undefined;
    else if (c === '%' || c === '_') out += `\\${c}`;
    else out += c;
  }
  return `${start ? '' : '%'}${out}${end ? '' : '%'}`;
}

class Parser {
  conditions = 0;
  constructor(readonly now: Date) {}

  value(field: SaleField, at: string, v: unknown): string | number | boolean {
    const kind = SALE_FIELD_KINDS[field];
    if (kind === 'number') {
      if (typeof v !== 'number' || !Number.isFinite(v)) return badValue(at, v, 'number', 'a number');
      return v;
    }
    if (kind === 'boolean') {
      if (typeof v !== 'boolean') return badValue(at, v, 'boolean', 'true or false');
      return v;
    }
    if (typeof v !== 'string') return badValue(at, v, kind === 'date' ? 'date' : 'string', 'text');
    if (v.length > SALE_QUERY_LIMITS.text)
      refuse(
        'query_too_large',
        { at, limit: SALE_QUERY_LIMITS.text },
        `${at} is longer than ${SALE_QUERY_LIMITS.text} characters`,
      );
    if (kind === 'date') {
      const d = saleQueryDate(v, this.now);
      if (!d) return badValue(at, v, 'date', 'a date (2026-12-01, now, now-7d, now+12h)');
      return d;
    }
    return v;
  }

  condition(field: SaleField, at: string, cond: unknown): SaleFilter {
    if (!isObject(cond)) return this.leaf(field, 'eq', this.value(field, at, cond));
    const entries = Object.entries(cond);
    if (entries.length === 0) return badValue(at, cond, 'object', 'a condition');
    const kind = SALE_FIELD_KINDS[field];
    const parts: SaleFilter[] = [];
    for (const [key, v] of entries) {
      const here = `${at}.${key}`;
      if (key === '$options') {
        if (v !== 'i' || !('$regex' in cond)) return badValue(here, v, 'string', "'i' beside $regex");
        continue;
      }
      const allowed = (Object.keys(OPERATORS) as Operator[]).filter((o) =>
        (OPERATORS[o] as readonly string[]).includes(kind),
      );
      if (!(allowed as string[]).includes(key))
        refuse(
          'query_unknown_operator',
          { at: here, value: key.slice(0, 60), allowed: allowed.join(', ') },
          `${key.slice(0, 60)} is not an operator for ${field} (allowed: ${allowed.join(', ')})`,
        );
      const op = key.slice(1) as SaleOperator;
      if (op === 'in' || op === 'nin') {
        if (!Array.isArray(v)) return badValue(here, v, 'array', 'a list');
        if (v.length > SALE_QUERY_LIMITS.list)
          refuse(
            'query_too_large',
            { at: here, limit: SALE_QUERY_LIMITS.list },
            `${here} has more than ${SALE_QUERY_LIMITS.list} values`,
          );
        const values = v.map((x, i) => this.value(field, `${here}.${i}`, x) as string | number);
        parts.push(this.leaf(field, op, values));
      } else if (op === 'regex') {
        const text = this.value(field, here, v) as string;
        const pattern = regexToIlike(text);
        if (pattern === undefined)
          return badValue(here, v, 'pattern', 'a supported pattern (text with ^, $, .* and . only)');
        parts.push(this.leaf(field, op, pattern));
      } else parts.push(this.leaf(field, op, this.value(field, here, v)));
    }
    return parts.length === 1 ? (parts[0] as SaleFilter) : { all: parts };
  }

  leaf(field: SaleField, op: SaleOperator, value: SaleCondition['value']): SaleCondition {
    this.conditions++;
    if (this.conditions > SALE_QUERY_LIMITS.conditions)
      refuse(
        'query_too_large',
        { at: '$match', limit: SALE_QUERY_LIMITS.conditions },
        `more than ${SALE_QUERY_LIMITS.conditions} conditions`,
      );
    return { field, op, value };
  }

  match(m: unknown, at: string, depth: number): SaleFilter {
    if (!isObject(m)) return badValue(at, m, 'object', 'an object of fields');
    const parts: SaleFilter[] = [];
    for (const [key, v] of Object.entries(m)) {
      const here = `${at}.${key}`;
      if (key === '$and' || key === '$or') {
        if (depth >= SALE_QUERY_LIMITS.depth)
          refuse(
            'query_too_large',
            { at: here, limit: SALE_QUERY_LIMITS.depth },
            `${here} nests $and/$or more than ${SALE_QUERY_LIMITS.depth} levels deep`,
          );
        if (!Array.isArray(v) || v.length === 0) return badValue(here, v, 'array', 'a list of conditions');
        const subs = v.map((x, i) => this.match(x, `${here}.${i}`, depth + 1));
        parts.push(key === '$and' ? { all: subs } : { any: subs });
      } else if (Object.hasOwn(SALE_FIELD_KINDS, key)) {
        parts.push(this.condition(key as SaleField, here, v));
      } else {
        const allowed = [...FIELDS, '$and', '$or'].join(', ');
        refuse(
          key.startsWith('$') ? 'query_unknown_operator' : 'query_unknown_field',
          { at: here, value: key.slice(0, 60), allowed },
          `${key.slice(0, 60)} is not a field of a lead (allowed: ${allowed})`,
        );
      }
    }
    return parts.length === 1 ? (parts[0] as SaleFilter) : { all: parts };
  }

  sort(s: unknown, at: string): SaleQuery['sort'] {
    if (!isObject(s)) return badValue(at, s, 'object', 'an object of fields');
    const entries = Object.entries(s);
    if (entries.length > SALE_QUERY_LIMITS.sort)
      refuse(
        'query_too_large',
        { at, limit: SALE_QUERY_LIMITS.sort },
        `${at} sorts by more than ${SALE_QUERY_LIMITS.sort} fields`,
      );
    return entries.map(([key, dir]) => {
      const here = `${at}.${key}`;
      if (!(SALE_SORT_FIELDS as readonly string[]).includes(key))
        refuse(
          'query_unknown_field',
          { at: here, value: key.slice(0, 60), allowed: SALE_SORT_FIELDS.join(', ') },
          `cannot sort by ${key.slice(0, 60)} (allowed: ${SALE_SORT_FIELDS.join(', ')})`,
        );
      if (dir !== 1 && dir !== -1) return badValue(here, dir, 'number', '1 or -1');
      return { field: key as SaleSortField, desc: dir === -1 };
    });
  }
}

/**
 * Parses and checks a sales query (see the file comment) against the whitelist of fields and operators; relative
 * dates are resolved against `now`. Returns the filter tree and sort, or the first problem found (its code, where
 * it lies and what was found; spec 3 §2 Sales dashboard (beta), §7 `GET /sales?query`). Blank text is the empty
 * query (every lead). Never throws.
 */
export function parseSaleQuery(text: string, now: Date): SaleQueryResult {
  const p = new Parser(now);
  try {
    if (text.trim() === '') return { ok: true, query: { filter: { all: [] }, sort: [] } };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return refuse('query_unreadable', { at: '' }, 'not readable JSON (check quotes, commas and brackets)');
    }
    const stages: [string, unknown][] = Array.isArray(json)
      ? json.map((stage, i) => {
          const entries = isObject(stage) ? Object.entries(stage) : [];
          if (entries.length !== 1)
            return badValue(`${i}`, stage, 'object', 'a stage like { "$match": … } or { "$sort": … }');
          const [[name, body]] = entries as [[string, unknown]];
          return [`${i}.${name}`, body] as [string, unknown];
        })
      : isObject(json)
        ? Object.entries(json)
        : badValue('', json, 'array', 'a list of stages');
    const filters: SaleFilter[] = [];
    let sort: SaleQuery['sort'] = [];
    for (const [at, body] of stages) {
      const name = at.split('.').pop();
      if (name === '$match') filters.push(p.match(body, at, 0));
      else if (name === '$sort') sort = p.sort(body, at);
      else
        refuse(
          'query_unknown_operator',
          { at, value: (name ?? '').slice(0, 60), allowed: '$match, $sort' },
          `${(name ?? '').slice(0, 60)} is not a stage (allowed: $match, $sort)`,
        );
    }
    const filter = filters.length === 1 ? (filters[0] as SaleFilter) : { all: filters };
    return { ok: true, query: { filter, sort } };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, problem: e.problem };
    throw e;
  }
}
