import { z } from 'zod';
import type { CommonProblemCode, ProblemCode } from './problems.ts';

/** HTTP methods used by the `/api` call catalogue. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Whose data a non-public endpoint works on; `route()` in the API enforces it before the handler runs:
 * - `orgs` (default): every organisation the user may see (`ctx.orgIds`); merchants see their own, warehouse
 *   staff and the provider every client;
 * - `org`: the current organisation only (`POST /orgs/set_curr`), e.g. imports and new records; without one the
 *   answer is 400 `no_current_org`;
 * - `provider`: the provider's own staff only (roles with access to all organisations); others get 403.
 */
export type EndpointScope = 'orgs' | 'org' | 'provider';

/** The answer of a binary endpoint: a file (PDF), a `Blob` in the apps, a `Buffer` in the API. */
export const PdfResponseSchema = z.custom<Blob>(() => true).describe('application/pdf');

/** The body of an image upload (an `imageBody` endpoint): the image's bytes; the API checks them. */
export const ImageBodySchema = z
  .custom<Uint8Array>(() => true)
  .describe('image/jpeg, image/png or image/webp');

/** The image types an upload may have (spec 2 §5 Return image upload), and the largest image: 5 MB. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

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
  C extends ProblemCode = ProblemCode,
  H extends z.ZodType = z.ZodType,
  S extends EndpointScope = EndpointScope,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Public endpoints need no session (login, signup, reset, health). */
  public?: boolean;
  /** Whose data it works on (non-public endpoints; default `orgs`). */
  scope?: S;
  /**
   * The problem codes of its own domain this endpoint answers with, besides the {@link CommonProblemCode}s
   * (e.g. `['order_shipped', 'order_cancelled']`); the API refuses to throw another.
   */
  problems?: readonly C[];
  /** Response headers the apps read, as a zod object over the lower-case names (`x-tracking-number`). */
  responseHeaders?: H;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of the success answer; 200 unless set. */
  status?: number;
  /** Answer is a file (PDF) rather than JSON; `response` is then {@link PdfResponseSchema}. */
  binary?: boolean;
  /**
   * The request body is one image as bytes (`Content-Type: image/jpeg`, `image/png` or `image/webp`, at most
   * `bodyLimit`), handed to the handler as a Buffer; `body` is then {@link ImageBodySchema}.
   */
  imageBody?: true;
  /**
   * The request body is `multipart/form-data` (the order attachments' `files[]`, spec 1 §7): the API reads its parts
   * in the handler with per-file limits; `body` is then a passthrough schema that documents the parts.
   */
  multipartBody?: true;
  /**
   * A GET of the catalogue that changes state (e.g. `GET /locations/stock/update/...`, `GET /logout`):
   * the API then requires the `x-hoppa-app` header (APP_HEADER) so a cross-site link cannot trigger it,
   * and the floor's service worker never caches it (docs/decisions/0005-sessions.md).
   */
  changesState?: true;
  /**
   * It changes what the caller's own session sees (current organisation, memberships, logout): the API drops the
   * caller's cached session right after it, before answering (apps/api lib/session-cache.ts). Changes of other
   * users reach every API process through the database's notifications instead.
   */
  changesSession?: true;
  /**
   * Largest accepted request body, bytes, when this endpoint needs more than the API's global limit (10 MiB):
   * the spreadsheet imports take {@link IMPORT_BODY_LIMIT}. Larger bodies answer 413.
   */
  bodyLimit?: number;
  /**
   * The body is parsed and checked against `body` off the event loop by the handler (the spreadsheet imports,
   * where parsing tens of MB would stall every scanner): the API hands the handler the raw JSON bytes instead of
   * the parsed body, and answers the same 400 `validation` problem a refused body gets elsewhere.
   */
  rawJsonBody?: true;
  /**
   * The answer is written in the shape of `response` without checking each value against it (issue 8 hot reads,
   * docs/decisions/0065-hot-reads-without-output-validation.md): for the large pages the floor and the packing
   * station poll, whose service builds every field with the contract's types. Unknown keys are still left out and
   * defaults filled in; under test the API still encodes every answer with zod and fails when the two differ.
   */
  trustedOutput?: true;
  tags?: string[];
  /**
   * For a catalogue call the spec lists without a path ('(path not shown)' in `../shared/spec/catalogue.tsv`):
   * the row's description, copied exactly, so `docs/spec-coverage.md` shows which endpoint serves it.
   */
  catalogue?: string;
  /**
   * What `docs/spec-coverage.md` should say about how far the call is served (e.g. built from an outside service's
   * documentation without recordings): shown beside the endpoint in the calls table and listed under 'Notes'.
   */
  coverageNote?: string;
}

/**
 * Body limit of the spreadsheet imports, bytes (issue 7: 50,000 realistic order rows are about 17 MiB of JSON;
 * 40 MiB leaves room for long product names and notes).
 */
export const IMPORT_BODY_LIMIT = 40 * 2 ** 20;

/** Declares an endpoint with its literal types kept, for `request()` and route registration. */
export function defineEndpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  const C extends ProblemCode = never,
  H extends z.ZodType = z.ZodUndefined,
  const S extends EndpointScope = 'orgs',
>(e: Endpoint<P, Q, B, R, C, H, S>): Endpoint<P, Q, B, R, C, H, S> {
  return e;
}

/** The problem codes an endpoint may answer with: its own and the common ones. */
export type EndpointProblem<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, infer C>
    ? C | CommonProblemCode
    : CommonProblemCode;

/** The parsed response headers of an endpoint that declares `responseHeaders`. */
export type EndpointHeaders<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, ProblemCode, infer H>
    ? H extends z.ZodUndefined
      ? Record<never, never>
      : z.output<H>
    : never;

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

// Re-exported: the request client imports it from path.ts, which has no zod (the floor's first load, ADR 0033).
export { buildPath } from './path.ts';
