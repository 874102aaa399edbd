import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from a core endpoint's zod 4 schemas, for the route fuzz suite (issue 7).
 *
 * We walk `schema._zod.def` ourselves: zod-fast-check (the maintained package) targets zod 3 and does not read
 * zod 4's definitions. Every node yields a mix of values that satisfy it (so the request reaches the service)
 * and hostile ones: NUL and control characters, lone surrogates, 1 MB strings, extreme numbers, extreme dates,
 * wrong types, deep nesting and prototype keys.
 */

/** A 1 MiB string: the size class that was once stored on a shop and echoed back in error messages. */
const HUGE = 'x'.repeat(1024 * 1024);

/** Hostile strings: control characters, lone surrogates, huge, SQL and path tricks, extreme dates. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(64),
    '\u0007\u001b[31m\u007f',
    '\r\nSet-Cookie: x=1',
    '\uD800',
    'x\uDC00y',
    '\uFEFF\u202E',
    HUGE,
    `${HUGE}\u0000`,
    "'; DROP TABLE orders; --",
    '../../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '0000-01-01',
    '-000001-01-01',
    '+275760-09-13',
    '-271821-04-20',
    '9999-12-31T23:59:59Z',
    '2026-02-30',
    'NaN',
    'Infinity',
    '-1e309',
    '__proto__',
    'constructor',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Hostile numbers (JSON turns NaN and ±Infinity into null, so they also travel as strings). */
const hostileNumber: fc.Arbitrary<unknown> = fc.constantFrom(
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  -1,
  -0,
  0.5,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  8.64e15 + 1,
);

/** Values of the wrong type, deep nesting and prototype keys. */
const hostileAny: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(
    null,
    true,
    [],
    {},
    [null],
    { __proto__: { isAdmin: true } },
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
    { constructor: { prototype: { isAdmin: true } } },
    deepNest(2000),
  ),
);

/** Arrays nested `depth` deep: `[[[…]]]`. */
function deepNest(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

type Def = { type: string; [k: string]: unknown };
type Check = { _zod: { def: Record<string, unknown> } };

const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def): Record<string, unknown>[] =>
  ((d.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** Valid-looking strings for a string node: its format (email, regex) and length bounds where we can read them. */
function validString(d: Def, s: unknown): fc.Arbitrary<string> {
  const checks = checksOf(d);
  const format = (d.format as string | undefined) ?? checks.find((c) => c.check === 'string_format')?.format;
  const pattern = checks.find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern as
    | RegExp
    | undefined;
  const min = (checks.find((c) => c.check === 'min_length')?.minimum as number | undefined) ?? 0;
  const max = (checks.find((c) => c.check === 'max_length')?.maximum as number | undefined) ?? 60;
  if (format === 'email') return fc.emailAddress();
  if (pattern) return fc.stringMatching(pattern).filter((x) => (s as z.ZodType).safeParse(x).success);
  if (format === 'date')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((x) => x.toISOString().slice(0, 10));
  if (format === 'datetime')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((x) => x.toISOString());
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 60)) });
}

function validNumber(d: Def): fc.Arbitrary<number> {
  const checks = checksOf(d);
  const int = checks.some((c) => c.check === 'number_format' && String(c.format).includes('int'));
  const gt = checks.find((c) => c.check === 'greater_than') as
    | { value?: number; inclusive?: boolean }
    | undefined;
  const lt = checks.find((c) => c.check === 'less_than') as
    | { value?: number; inclusive?: boolean }
    | undefined;
  const min = gt?.value !== undefined ? gt.value + (gt.inclusive ? 0 : 1) : -5;
  const max = lt?.value !== undefined ? lt.value - (lt.inclusive ? 0 : 1) : 1000;
  const lo = Math.max(min, -1e6);
  const hi = Math.max(lo, Math.min(max, 1e6));
  return int
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true });
}

/**
 * An arbitrary for `schema`: mostly values its node accepts, sometimes a hostile value (probability about
 * 1 in `hostility`, at every level, so one hostile field sits among otherwise valid ones).
 */
export function arbitraryFor(schema: unknown, hostility = 4, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFor(schema, hostility, depth);
  return fc.oneof({ arbitrary: valid, weight: hostility - 1 }, { arbitrary: hostileAny, weight: 1 });
}

function validFor(schema: unknown, hostility: number, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant(undefined);
  const d = defOf(schema);
  const next = (s: unknown) => arbitraryFor(s, hostility, depth + 1);
  switch (d.type) {
    case 'string':
      return validString(d, schema);
    case 'number':
      return validNumber(d);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((x) => x.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof(next(d.innerType), fc.constant(undefined));
    case 'pipe':
      return validFor(d.in, hostility, depth);
    case 'transform':
      return fc.anything();
    case 'lazy':
      return validFor((d.getter as () => unknown)(), hostility, depth + 1);
    case 'union':
      return fc.oneof(...(d.options as unknown[]).map((o) => validFor(o, hostility, depth + 1)));
    case 'intersection':
      return fc
        .tuple(validFor(d.left, hostility, depth + 1), validFor(d.right, hostility, depth + 1))
        .map(([a, b]) => (isObj(a) && isObj(b) ? { ...a, ...b } : a));
    case 'array': {
      const checks = checksOf(d);
      const min = (checks.find((c) => c.check === 'min_length')?.minimum as number | undefined) ?? 0;
      return fc.array(next(d.element), { minLength: min, maxLength: Math.max(min, 4) });
    }
    case 'tuple':
      return fc.tuple(...(d.items as unknown[]).map(next));
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), fc.constant('__proto__')),
        next(d.valueType),
        {
          maxKeys: 3,
        },
      );
    case 'object': {
      const shape = d.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, next(v)]));
      return fc
        .tuple(
          fc.record(fields),
          fc.option(fc.constantFrom('__proto__', 'constructor', 'extra'), { freq: 6 }),
        )
        .map(([rec, extraKey]) => {
          const out: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(rec)) if (v !== undefined) out[k] = v;
          // defineProperty so "__proto__" is an own key of the JSON we send, not a prototype change here.
          if (extraKey) Object.defineProperty(out, extraKey, { value: { isAdmin: true }, enumerable: true });
          return out;
        });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value `schema` accepts (almost surely), drawn with `seed`: the base a sweep puts one hostile value into. */
export function validSample(schema: unknown, seed: number): unknown {
  if (!schema) return undefined;
  const [value] = fc.sample(validFor(schema, 1_000_000, 0), { seed, numRuns: 1 });
  return value;
}

/**
 * The paths of the leaves of an object schema (`['address', 'city']`, `['picks', 0, 'scanned']`): where a sweep
 * puts each hostile value. Wrappers (optional, default, pipe …) are looked through; of a union the object options.
 */
export function leafPaths(
  schema: unknown,
  prefix: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  if (!schema || depth > 6) return [prefix];
  const d = defOf(schema);
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return leafPaths(d.innerType, prefix, depth + 1);
    case 'pipe':
      return leafPaths(d.in, prefix, depth + 1);
    case 'object':
      return Object.entries(d.shape as Record<string, unknown>).flatMap(([k, v]) =>
        leafPaths(v, [...prefix, k], depth + 1),
      );
    case 'array':
      return [prefix, ...leafPaths(d.element, [...prefix, 0], depth + 1)];
    case 'union': {
      const objects = (d.options as unknown[]).filter((o) => defOf(o).type === 'object');
      const paths = objects.flatMap((o) => leafPaths(o, prefix, depth + 1));
      return paths.length ? paths : [prefix];
    }
    default:
      return [prefix];
  }
}

/** `base` with `value` put at `path` (objects and arrays made where missing; `base` itself is not changed). */
export function withValueAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container = (
    typeof head === 'number'
      ? Array.isArray(base) && base.length
        ? [...base]
        : [{}]
      : typeof base === 'object' && base !== null && !Array.isArray(base)
        ? { ...(base as Record<string, unknown>) }
        : {}
  ) as Record<string | number, unknown>;
  container[head] = withValueAt(container[head], rest, value);
  return container;
}
