import type { z } from 'zod';
import { safeEncode } from 'zod/v4/core';

/** Copies a value into the shape of its schema: only the declared keys of every object, defaults filled in. */
type Projection = (value: unknown) => unknown;

/** Schema kinds whose output is the value itself (no keys to strip, nothing to fill in). */
const LEAVES = new Set(['string', 'number', 'int', 'boolean', 'enum', 'literal', 'null', 'bigint']);

/** The zod definition of a schema (zod 4 internals: `_zod.def`). */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  defaultValue?: unknown;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Marks a projection that returns its input unchanged, so arrays of such values are not copied. */
const IDENTITY: Projection = (v) => v;

/**
 * Compiles the projection of `schema` once: objects keep their declared keys in declaration order (what zod's
 * output does: unknown keys are stripped), `nullable`/`optional` pass null/undefined through, `default` fills in
 * its value for undefined, arrays project each element, leaves (string, number, boolean, enum, literal) are copied
 * as they are. Any other kind (unions, records, transforms, pipes, passthrough objects) is encoded by zod itself
 * for that part, so the shape stays exactly the contract's.
 */
function compile(schema: z.ZodType): Projection {
  const def = defOf(schema);
  if (LEAVES.has(def.type)) return IDENTITY;
  switch (def.type) {
    case 'object': {
      if (def.catchall && defOf(def.catchall).type !== 'never') break;
      const keys = Object.entries(def.shape ?? {}).map(([key, s]) => [key, compile(s)] as const);
      return (value) => {
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of keys) {
          const v = project(source[key]);
          if (v !== undefined) out[key] = v;
        }
        return out;
      };
    }
    case 'array': {
      const project = compile(def.element as z.ZodType);
      if (project === IDENTITY) return IDENTITY;
      return (value) => (value as unknown[]).map(project);
    }
    case 'nullable': {
      const project = compile(def.innerType as z.ZodType);
      return project === IDENTITY ? IDENTITY : (value) => (value === null ? null : project(value));
    }
    case 'optional': {
      const project = compile(def.innerType as z.ZodType);
      return project === IDENTITY ? IDENTITY : (value) => (value === undefined ? undefined : project(value));
    }
    case 'default': {
      const project = compile(def.innerType as z.ZodType);
      // zod 4's `defaultValue` is a getter that answers a fresh copy each time.
      return (value) => (value === undefined ? def.defaultValue : project(value));
    }
  }
  return (value) => {
    const result = safeEncode(schema as never, value as never);
    if (!result.success) throw result.error;
    return result.data;
  };
}

/**
 * A response serializer compiled from the endpoint's zod `response` schema that trusts the handler's values
 * (issue 8 hot reads, docs/decisions/0065-hot-reads-without-output-validation.md): it writes exactly the contract's
 * shape (unknown keys stripped, defaults filled in, key order as declared) but does not check each value against
 * its schema, which for a page of 200 pick items cost more than building the page. Use it only for endpoints whose
 * answer the service builds field by field with the contract's TypeScript types (`Endpoint.trustedOutput`); the
 * API tests still encode every answer with zod and compare (lib/route.ts). Returns the JSON text; a part the
 * projection cannot copy is encoded by zod, which throws its error when that part does not match.
 */
export function shapeSerializer(schema: z.ZodType): (data: unknown) => string {
  const project = compile(schema);
  return (data) => JSON.stringify(project(data));
}
