import ky, { HTTPError, type KyInstance, NetworkError, type Options, TimeoutError } from 'ky';
import type { z } from 'zod';
import type { Problem } from '../common/common.schema.ts';
import type {
  Endpoint,
  EndpointHeaders,
  EndpointInput,
  EndpointOutput,
  EndpointProblem,
} from '../http/endpoint.ts';
import { buildPath } from '../http/path.ts';

/**
 * Header every app request carries. The API requires it on state-changing GET calls of the catalogue
 * (e.g. `GET /locations/stock/update/...`), so a link or image on another site cannot trigger them
 * (spec README; docs/decisions/0005-sessions.md).
 */
export const APP_HEADER = 'x-hoppa-app';

/** Raised by {@link request} for a non-2xx answer; carries status and the parsed body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Creates the ky instance both apps use: base `/api`, cookies included, the app header set, no retries. Headers
 * given in `options` are added to the app header, never instead of it (state-changing GETs need it).
 */
export function createApiClient(options: { prefix?: string; app: string } & Options): KyInstance {
  const { prefix = '/api', app, headers, ...rest } = options;
  const merged = new Headers(headers as ConstructorParameters<typeof Headers>[0]);
  merged.set(APP_HEADER, app);
  return ky.create({
    prefix,
    credentials: 'include',
    retry: 0,
    timeout: 30_000,
    ...rest,
    headers: merged,
  });
}

/**
 * Calls one endpoint: fills the path, sends query and JSON body, and parses the answer with the
 * endpoint's response schema (a contract break fails loudly here rather than deep in a screen).
 * Binary endpoints return a `Blob`. Non-2xx answers throw {@link ApiError} with the problem body
 * (narrow it with {@link isProblem}); network failures throw {@link ApiError} with status 0.
 */
export async function request<E extends Endpoint>(
  client: KyInstance,
  endpoint: E,
  input: EndpointInput<E>,
  extra: Options = {},
): Promise<EndpointOutput<E>> {
  return (await requestWithHeaders(client, endpoint, input, extra)).data;
}

/**
 * Like {@link request}, and also answers the endpoint's declared `responseHeaders`, parsed (e.g. the tracking
 * number and shipment id of `POST /orders/ship`).
 */
export async function requestWithHeaders<E extends Endpoint>(
  client: KyInstance,
  endpoint: E,
  input: EndpointInput<E>,
  extra: Options = {},
): Promise<{ data: EndpointOutput<E>; headers: EndpointHeaders<E> }> {
  const res = await send(client, endpoint.method, endpoint.path, input, extra);
  try {
    const headers = (
      endpoint.responseHeaders
        ? (endpoint.responseHeaders as z.ZodType).parse(Object.fromEntries(res.headers.entries()))
        : {}
    ) as EndpointHeaders<E>;
    if (endpoint.binary) return { data: (await res.blob()) as EndpointOutput<E>, headers };
    const text = await res.text();
    const data = text ? JSON.parse(text) : undefined;
    return { data: (endpoint.response as z.ZodType).parse(data) as EndpointOutput<E>, headers };
  } catch (err) {
    throw asApiError(err);
  }
}

/**
 * Calls `method path` (a catalogue path with `:name` parameters) and answers the JSON body as `T` without checking
 * it against a schema: for the few calls on an app's first paint (the session check; the floor's pick list, its
 * rounds and the pick claim, ADR 0072), whose answers the API has already written in the same contract (its serializer
 * validates every response, or writes a `trustedOutput` endpoint's answer field by field in its shape, ADR 0065), so
 * the app need not load zod and the schemas before it can paint (ADR 0033). `input` adds the query (values
 * stringified, `undefined` and `null` left out) and a JSON body, as {@link request} sends them. Errors as
 * {@link request}.
 */
export async function requestTrusted<T>(
  client: KyInstance,
  method: string,
  path: string,
  params?: Record<string, unknown>,
  input: { query?: Record<string, unknown>; body?: unknown } = {},
): Promise<T> {
  const res = await send(client, method, path, { params, ...input }, {});
  try {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (err) {
    throw asApiError(err);
  }
}

/**
 * {@link requestTrusted} for one endpoint `E` given by its method and path (`call`: the endpoint itself, or a
 * reference to it where the app must not load its schemas) with the input object `E` takes (`{ params, query, body }`,
 * as {@link request} reads it); answers `E`'s output as the API sent it. Used by the floor's pick calls (ADR 0072) and
 * the portal's `callTrusted` (ADR 0117). Errors as {@link request}.
 */
export function requestTrustedCall<E extends Endpoint>(
  client: KyInstance,
  call: { method: string; path: string },
  input: EndpointInput<E>,
): Promise<EndpointOutput<E>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return requestTrusted<EndpointOutput<E>>(client, call.method, call.path, params, { query, body });
}

/** Sends one call and answers the response of a 2xx; anything else throws {@link ApiError}. */
async function send(
  client: KyInstance,
  method: string,
  path: string,
  input: unknown,
  extra: Options,
): Promise<Response> {
  const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const url = buildPath(path, i.params).replace(/^\//, '');
  const searchParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(i.query ?? {}))
    if (v !== undefined && v !== null) searchParams[k] = String(v);
  try {
    return await client(url, {
      method,
      searchParams,
      // A multipart upload (an endpoint with `multipartBody`) travels as the FormData itself; anything else as JSON.
      ...(typeof FormData !== 'undefined' && i.body instanceof FormData
        ? { body: i.body }
        : i.body !== undefined
          ? { json: i.body }
          : {}),
      ...extra,
    });
  } catch (err) {
    throw await problemOf(err);
  }
}

/** A failed call as {@link ApiError}: the answer's status and problem body, or status 0 without an answer. */
async function problemOf(err: unknown): Promise<unknown> {
  if (err instanceof HTTPError) {
    // ky 2 reads the error body itself into `err.data` (JSON parsed, else text); the response
    // body is consumed by then, so reading it again would always give ''.
    let body: unknown = err.data;
    if (body === undefined) {
      const text = await err.response.text().catch(() => '');
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text; // plain-text body stays a string
      }
    }
    const msg = body && typeof body === 'object' && 'message' in body ? String(body.message) : err.message;
    return new ApiError(err.response.status, body, msg);
  }
  return asApiError(err);
}

/** Network failures (ky 2's NetworkError, TimeoutError, fetch's TypeError) become status 0; the rest stays. */
function asApiError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  if (err instanceof TypeError || err instanceof NetworkError || err instanceof TimeoutError)
    return new ApiError(0, undefined, err.message);
  return err;
}

/**
 * Whether `err` is the API's answer with problem `code`, one of the codes `endpoint` declares (or a common one):
 * `if (isProblem(err, shipOrderEndpoint, 'order_shipped')) …`. A code the endpoint cannot answer does not compile.
 */
export function isProblem<E extends Endpoint, C extends EndpointProblem<E>>(
  err: unknown,
  _endpoint: E,
  code: C,
): err is ApiError & { body: Problem & { code: C } } {
  return (
    err instanceof ApiError &&
    typeof err.body === 'object' &&
    err.body !== null &&
    (err.body as { code?: unknown }).code === code
  );
}
