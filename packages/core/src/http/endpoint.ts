import type { z } from 'zod';

/** HTTP methods used by the `/api` call catalogue. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One call of the `/api` catalogue (spec 1 §7, spec 2 §7, spec 3 §7): method, path and the zod
 * schemas of its params, query, body and response. The API registers exactly this endpoint (Fastify
 * `schema` from the same objects, so OpenAPI is generated) and the apps call it with `request()`.
 *
 * `path` is relative to `/api` and uses Fastify's `:name` syntax for parameters, e.g.
 * `/order/get/:id`. `response` describes the 2xx JSON body; binary answers (PDF) set `binary`.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Public endpoints need no session (login, signup, reset, health). */
  public?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of the success answer; 200 unless set. */
  status?: number;
  /** Answer is a file (PDF) rather than JSON; `response` then describes nothing useful. */
  binary?: boolean;
  /**
   * A GET of the catalogue that changes state (e.g. `GET /locations/stock/update/...`, `GET /logout`):
   * the API then requires the `x-hoppa-app` header (APP_HEADER) so a cross-site link cannot trigger it,
   * and the floor's service worker never caches it (docs/decisions/0005-sessions.md).
   */
  changesState?: true;
  tags?: string[];
  /**
   * For a catalogue call the spec lists without a path ('(path not shown)' in `../shared/spec/catalogue.tsv`):
   * the row's description, copied exactly, so `docs/spec-coverage.md` shows which endpoint serves it.
   */
  catalogue?: string;
}

/** Declares an endpoint with its literal types kept, for `request()` and route registration. */
export function defineEndpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

type InputOf<T extends z.ZodType | undefined> = T extends z.ZodType ? z.input<T> : never;

/** The input of an endpoint as the caller gives it: `{ params?, query?, body? }`. */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? (P extends z.ZodUndefined ? { params?: undefined } : { params: InputOf<P> }) &
        (Q extends z.ZodUndefined ? { query?: undefined } : { query?: InputOf<Q> }) &
        (B extends z.ZodUndefined ? { body?: undefined } : { body: InputOf<B> })
    : never;

/** The parsed success answer of an endpoint. */
export type EndpointOutput<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/**
 * Fills `:name` parameters of an endpoint path, URI-encoding each value.
 * Throws when a parameter is missing, so a bad call fails before it is sent.
 */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '')
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(v));
  });
}
