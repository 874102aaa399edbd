import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import type { z } from 'zod';
import { notPublicCause } from './shops/public-host.ts';

/**
 * What went wrong talking to an outside service (bol.com, PostNL, DHL), in one shape the API can store on a
 * connection's status or show to a packer (issue 14; spec 1 §8 error rule): the service's name, the HTTP status
 * (null when no answer came: timeout or network), a short machine code (`timeout`, `network`, `malformed_answer`,
 * or the service's own problem title / OAuth error, else `http_<status>`) and the service's message.
 */
export class OutsideServiceError extends Error {
  readonly service: string;
  readonly status: number | null;
  readonly code: string;
  /** What went wrong without the service's name in front (the message is `<service>: <detail>`). */
  readonly detail: string;
  constructor(service: string, status: number | null, code: string, message: string) {
    super(`${service}: ${message}`);
    this.name = 'OutsideServiceError';
    this.service = service;
    this.status = status;
    this.code = code;
    this.detail = message;
  }
}

/** Options of {@link outsideClient}; times in milliseconds. */
export interface OutsideClientOptions {
  /** Name used in errors ('bol.com', 'PostNL'). */
  service: string;
  /** Base URL every request path is resolved against (from configuration, so a real account needs no code change). */
  baseUrl: string;
  /** Time allowed per attempt; default 15,000. */
  timeoutMs?: number;
  /** Retries after the first attempt on 408/413/429/500/502/503/504 and network errors; default 3. */
  retries?: number;
  /** Largest wait a Retry-After header may ask for; longer asks wait this long. Default 60,000. */
  maxRetryAfterMs?: number;
  /** Exponential backoff when no Retry-After came: `backoffMs · 2^(attempt−1)`, at most `backoffLimitMs`. */
  backoffMs?: number;
  backoffLimitMs?: number;
  /** Headers sent with every request (e.g. `apikey` for PostNL). */
  headers?: Record<string, string>;
  /**
   * The `fetch` the client sends with; default the global one. The shop sync passes one that connects only to public
   * addresses (shops/public-host.ts `publicOnlyFetch`); a connection it refuses fails at once, without retries, as
   * `host_not_public`.
   */
  fetch?: typeof fetch;
}

/** One request of {@link OutsideClient.request}. */
export interface OutsideRequest<S extends z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path relative to the base URL (no leading slash needed). */
  path: string;
  searchParams?: Record<string, string | number>;
  /** JSON body, sent with `contentType` (default application/json). */
  json?: unknown;
  /** A form body (OAuth token requests). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  accept?: string;
  contentType?: string;
  /** The answer's shape; an answer that does not fit throws `malformed_answer`. Without it the text is returned. */
  schema?: S;
  /** Retry POST too (only for calls that are safe to repeat, such as a token request). */
  retryPost?: boolean;
}

/** An answer of {@link OutsideClient.request}: status, headers and the parsed body (or its text without a schema). */
export interface OutsideAnswer<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** The HTTP client every outside-service adapter uses (issue 14 item 1; docs/decisions/0043-api-connections-and-bol.md). */
export interface OutsideClient {
  request<S extends z.ZodType | undefined = undefined>(
    req: OutsideRequest<S>,
  ): Promise<OutsideAnswer<S extends z.ZodType ? z.output<S> : string>>;
  /** The same request answering the body's bytes (a PDF); failures as {@link OutsideServiceError}. */
  binary(req: Omit<OutsideRequest<undefined>, 'schema'>): Promise<OutsideAnswer<Buffer>>;
}

/**
 * Reads a problem out of an error answer: bol's `{title, detail}`, OAuth's `{error, error_description}`, DHL's
 * `{key, message}`, VIES's `{errorWrappers}`, PostNL's gateway `{fault: {faultstring, detail.errorcode}}` (401, 429) and its `Errors`,
 * WordPress's `{code, message}` (WooCommerce) and Shopify's `{errors: "…"}` or `{errors: [{message}]}`.
 */
function problemOf(status: number, text: string): { code: string; message: string } {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.title === 'string')
      return { code: body.title, message: typeof body.detail === 'string' ? body.detail : body.title };
    if (typeof body.error === 'string')
      return {
        code: body.error,
        message: typeof body.error_description === 'string' ? body.error_description : body.error,
      };
    const fault = body.fault as { faultstring?: unknown; detail?: { errorcode?: unknown } } | undefined;
    if (fault && typeof fault.faultstring === 'string')
      return {
        code: typeof fault.detail?.errorcode === 'string' ? fault.detail.errorcode : `http_${status}`,
        message: fault.faultstring,
      };
    // VIES: {actionSucceed: false, errorWrappers: [{error, message}]} (ADR 0051).
    const wrappers = body.errorWrappers as { error?: unknown; message?: unknown }[] | undefined;
    if (Array.isArray(wrappers) && typeof wrappers[0]?.error === 'string')
      return {
        code: wrappers[0].error,
        message: typeof wrappers[0].message === 'string' ? wrappers[0].message : wrappers[0].error,
      };
    // DHL Parcel NL: {key, message}.
    if (typeof body.message === 'string' && typeof body.key === 'string')
      return { code: body.key, message: body.message };
    // WordPress / WooCommerce REST: {code, message, data: {status}} (ADR 0107).
    if (typeof body.message === 'string' && typeof body.code === 'string')
      return { code: body.code, message: body.message };
    // Shopify's Admin API: {errors: "[API] Invalid API key or access token …"} (ADR 0107).
    if (typeof body.errors === 'string') return { code: `http_${status}`, message: body.errors };
    const errors = (body.Errors ?? body.errors) as { Description?: string; message?: string }[] | undefined;
    const first = Array.isArray(errors) ? errors[0] : undefined;
    if (first)
      return { code: `http_${status}`, message: first.Description ?? first.message ?? text.slice(0, 200) };
  } catch {
    // not JSON: the text itself
  }
  return { code: `http_${status}`, message: text.trim().slice(0, 200) || `HTTP ${status}` };
}

/**
 * Makes the client for one outside service on `ky` (fetch): a timeout per attempt, retries with exponential backoff
 * on 408/413/429/5xx and network errors, honouring a Retry-After header (seconds or a date) up to `maxRetryAfterMs`,
 * and every failure as an {@link OutsideServiceError}. Never logs: request headers and bodies may carry secrets.
 */
export function outsideClient(opts: OutsideClientOptions): OutsideClient {
  const backoff = opts.backoffMs ?? 300;
  const base = opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`;
  const http: KyInstance = ky.create({
    prefix: base,
    timeout: opts.timeoutMs ?? 15_000,
    headers: opts.headers,
    throwHttpErrors: true,
    retry: {
      limit: opts.retries ?? 3,
      methods: ['get', 'put', 'delete', 'head', 'post'],
      statusCodes: [408, 413, 429, 500, 502, 503, 504],
      afterStatusCodes: [413, 429, 503],
      maxRetryAfter: opts.maxRetryAfterMs ?? 60_000,
      backoffLimit: opts.backoffLimitMs ?? 10_000,
      delay: (n) => backoff * 2 ** (n - 1),
      retryOnTimeout: true,
      // A refused address stays refused: no retry (ky would retry it as any network error).
      shouldRetry: ({ error }) => (notPublicCause(error) ? false : undefined),
    },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const service = opts.service;
  const send = async (req: OutsideRequest<z.ZodType | undefined>): Promise<Response> => {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (req.accept) headers.accept = req.accept;
    let body: string | URLSearchParams | undefined;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = req.contentType ?? 'application/json';
    } else if (req.form) {
      body = new URLSearchParams(req.form);
    }
    try {
      return await http(req.path.replace(/^\//, ''), {
        method: req.method,
        headers,
        body,
        searchParams: req.searchParams,
        ...(req.method === 'POST' && !req.retryPost ? { retry: 0 } : {}),
      });
    } catch (err) {
      if (err instanceof HTTPError) {
        // ky has read the body already (err.data: parsed JSON, or text).
        const data: unknown = err.data;
        const text = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
        const p = problemOf(err.response.status, text);
        throw new OutsideServiceError(service, err.response.status, p.code, p.message);
      }
      if (err instanceof TimeoutError)
        throw new OutsideServiceError(
          service,
          null,
          'timeout',
          `no answer within ${opts.timeoutMs ?? 15_000} ms`,
        );
      const refused = notPublicCause(err);
      if (refused) throw new OutsideServiceError(service, null, refused.code, refused.message);
      throw new OutsideServiceError(service, null, 'network', (err as Error).message);
    }
  };
  return {
    async binary(req) {
      const res = await send(req);
      return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
    },
    async request(req) {
      const res = await send(req);
      const text = await res.text();
      if (!req.schema) return { status: res.status, headers: res.headers, data: text as never };
      let json: unknown;
      try {
        json = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        throw new OutsideServiceError(
          service,
          res.status,
          'malformed_answer',
          `the answer to ${req.method} ${req.path} is not JSON`,
        );
      }
      const parsed = req.schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? issue.path.join('.') : 'body';
        throw new OutsideServiceError(
          service,
          res.status,
          'malformed_answer',
          `the answer to ${req.method} ${req.path} does not fit: ${where}: ${issue?.message ?? 'invalid'}`,
        );
      }
      return { status: res.status, headers: res.headers, data: parsed.data as never };
    },
  };
}
