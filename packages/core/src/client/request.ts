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
  const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const url = buildPath(endpoint.path, i.params).replace(/^\//, '');
  const searchParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(i.query ?? {}))
    if (v !== undefined && v !== null) searchParams[k] = String(v);
  try {
    const res = await client(url, {
      method: endpoint.method,
      searchParams,
      ...(i.body !== undefined ? { json: i.body } : {}),
      ...extra,
    });
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
      throw new ApiError(err.response.status, body, msg);
    }
    if (err instanceof ApiError) throw err;
    // ky 2 wraps fetch failures in NetworkError (and time-outs in TimeoutError): status 0 = no answer.
    if (err instanceof TypeError || err instanceof NetworkError || err instanceof TimeoutError) {
      throw new ApiError(0, undefined, err.message);
    }
    throw err;
  }
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
