import {
  type Endpoint,
  type EndpointProblem,
  PROBLEMS,
  type Problem,
  type ReasonValues,
  type ValidationReasonCode,
  validationIssueCode,
  valueAtKeys,
} from '@hoppa/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Longest problem message in characters; longer ones are clipped with an ellipsis (error bodies stay ≤ ~4 KB). */
const MAX_MESSAGE = 1000;
/** Most issues in one problem body (the first ones; the message says the rest). */
const MAX_ISSUES = 10;
/** Longest message of one issue in characters. */
const MAX_ISSUE_MESSAGE = 200;

/** `text` cut to `max` characters (code points, so no lone surrogate is left), with `…` when it was cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${Array.from(text.slice(0, max + 1))
    .slice(0, max - 1)
    .join('')}…`;
}

/** An issue's reason values with each text cut to {@link MAX_ISSUE_MESSAGE} characters (numbers as they are). */
function clippedValues(values: ReasonValues): ReasonValues {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? clip(v, MAX_ISSUE_MESSAGE) : v]),
  );
}

/**
 * A field-level issue of a problem body: dotted path (`body.products.0.ean`) and readable message; where the call
 * words its problems as reason codes (ADR 0119 §3), the `code` with its `values` (core `ReasonValues`).
 */
export type ProblemIssue = { path: string; message: string; code?: string; values?: ReasonValues };

/**
 * An error that becomes a problem body `{statusCode, code, message, issues?}` (ProblemSchema in core,
 * spec 1 §8). Throw it from services and handlers; `message` is shown to the user as is for 400/406.
 */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: ProblemIssue[],
  ) {
    super(message);
    this.name = 'HttpProblem';
  }

  /**
   * The problem body, capped as a last guard (issue 7): the message at {@link MAX_MESSAGE} characters and at
   * most {@link MAX_ISSUES} issues of {@link MAX_ISSUE_MESSAGE} characters, so no input comes back as a
   * megabyte-sized error body whatever a schema or service put into the text.
   */
  toBody(): Problem {
    const issues = this.issues?.slice(0, MAX_ISSUES).map((i) => ({
      path: clip(i.path, 200),
      message: clip(i.message, MAX_ISSUE_MESSAGE),
      ...(i.code ? { code: i.code, values: clippedValues(i.values ?? {}) } : {}),
    }));
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: clip(this.message, MAX_MESSAGE),
      ...(issues?.length ? { issues } : {}),
    };
  }
}

/**
 * The problem `code` of `endpoint` with its status from core's `PROBLEMS` table: only a code the endpoint declares
 * (or a common one) compiles, e.g. `throw problem(shipOrderEndpoint, 'order_shipped', 'Order 1001 has …')`.
 */
export function problem<E extends Endpoint, C extends EndpointProblem<E>>(
  _endpoint: E,
  code: C,
  message: string,
  issues?: ProblemIssue[],
): HttpProblem {
  return new HttpProblem(PROBLEMS[code], code, message, issues);
}

/** 400 `bad_request`: the input is well-formed but not acceptable; `message` says why. */
export const badRequest = (message: string, issues?: ProblemIssue[]) =>
  new HttpProblem(400, 'bad_request', message, issues);

/**
 * 400 `bad_request` for a rule a service checks (ADR 0127): the English `message` for API clients, and one issue at
 * `path` (`body`, `query.start`, …) with the validation `code` (core `VALIDATION_REASON_CODES`) and its `values`, so
 * the apps' error banner words it in the user's language. E.g. `refusal('start must not be after end',
 * 'range_reversed', { field: 'end', other: 'start' }, 'query.end')`.
 */
export const refusal = (
  message: string,
  code: ValidationReasonCode,
  values: ReasonValues = {},
  path = 'body',
): HttpProblem => new HttpProblem(400, 'bad_request', message, [{ path, message, code, values }]);
/**
 * 400 `bad_request` `range_reversed` for a date range whose `start` lies after its `end`, the two fields of `part`
 * (the route's path or query parameters): the English `message` for API clients, the issue at `<part>.end`.
 */
export const rangeReversed = (message: string, part: 'params' | 'query'): HttpProblem =>
  refusal(message, 'range_reversed', { field: 'end', other: 'start' }, `${part}.end`);
/** 401 `unauthorized`: no valid session. */
export const unauthorized = (message = 'You are not logged in') =>
  new HttpProblem(401, 'unauthorized', message);
/** 403 `forbidden`: the current role lacks the grant for this call. */
export const forbidden = (message = 'Your role does not allow this action') =>
  new HttpProblem(403, 'forbidden', message);
/** 404 `not_found`: missing, or belonging to another organisation (never 403, so ids leak nothing). */
export const notFound = (message = 'Not found') => new HttpProblem(404, 'not_found', message);
/** 429 `rate_limited`: too many attempts; try again later. */
/** A 429 that tells the client when to try again (the error handler sends it as `Retry-After`, seconds). */
export class RateLimited extends HttpProblem {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

/** 429 `rate_limited`; with `retryAfterS` the answer carries `Retry-After`. */
export const tooManyRequests = (message: string, retryAfterS?: number) =>
  retryAfterS === undefined
    ? new HttpProblem(429, 'rate_limited', message)
    : new RateLimited(message, retryAfterS);

const CONTEXT_NAME: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

function validationProblem(err: FastifyError & { validation: unknown[] }, req?: FastifyRequest): HttpProblem {
  const context = err.validationContext ?? 'body';
  const where = CONTEXT_NAME[context] ?? 'body';
  // Fastify names the query's part `querystring` but keeps it as `req.query`.
  const part = req
    ? (req as unknown as Record<string, unknown>)[context === 'querystring' ? 'query' : context]
    : undefined;
  const issues = (
    err.validation as {
      instancePath?: string;
      message?: string;
      keyword?: string;
      params?: Record<string, unknown>;
    }[]
  ).map((v): ProblemIssue => {
    const keys = (v.instancePath ?? '').split('/').filter(Boolean);
    const sub = keys.join('.');
    const issue = { path: sub ? `${where}.${sub}` : where, message: v.message ?? 'Invalid value' };
    const coded = validationIssueCode(v.keyword, v.params ?? {}, keys, valueAtKeys(part, keys));
    return coded ? { ...issue, ...coded } : issue;
  });
  // Readable for the person at the form: "password: Password must be at least 9 characters".
  const text = issues
    .map((i) => {
      const field = where === 'body' ? i.path.replace(/^body\.?/, '') : i.path;
      return field ? `${field}: ${i.message}` : i.message;
    })
    .join('; ');
  return new HttpProblem(400, 'validation', text || 'Invalid request', issues);
}

/** Maps any thrown error to a problem body; unexpected errors are logged and answered 500 without details. */
export function toProblem(err: unknown, req: FastifyRequest): HttpProblem {
  if (err instanceof HttpProblem) return err;
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe))
    return validationProblem(fe as FastifyError & { validation: unknown[] }, req);
  if (Array.isArray(fe?.validation))
    return validationProblem(fe as FastifyError & { validation: unknown[] }, req);
  switch (fe?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpProblem(400, 'invalid_json', `The request body is not valid JSON: ${fe.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem(400, 'body_too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpProblem(
        400,
        'unsupported_media_type',
        `Unsupported content type: ${req.headers['content-type'] ?? 'none'}`,
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpProblem(400, 'bad_request', 'The Content-Length header does not match the body');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpProblem(400, 'file_too_large', 'An uploaded file is too large');
  }
  if (err instanceof SyntaxError && /JSON/.test(err.message)) {
    return new HttpProblem(400, 'invalid_json', `The request body is not valid JSON: ${err.message}`);
  }
  switch (fe?.code) {
    case 'FST_ERR_BAD_URL':
      return new HttpProblem(400, 'bad_request', 'The address is not valid (bad percent-encoding)');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new HttpProblem(400, 'bad_request', 'A value in the address is too long');
  }
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    if (status === 429)
      return new HttpProblem(429, 'rate_limited', fe.message || 'Too many requests, try again later');
    return new HttpProblem(
      status === 413 ? 400 : status,
      status === 404 ? 'not_found' : 'bad_request',
      clip(fe.message, 200),
    );
  }
  if (fe && typeof fe === 'object' && isResponseSerializationError(fe)) {
    req.log.error({ err, issues: (fe as { cause?: unknown }).cause }, 'response does not match its schema');
  } else {
    req.log.error({ err }, 'unhandled error');
  }
  return new HttpProblem(500, 'internal', 'Something went wrong, please consult your logs');
}

/**
 * Fastify's `frameworkErrors` option: router failures before any route runs (bad percent-encoding, a path
 * parameter over `maxParamLength`) answer the same short problem body instead of Fastify's default, which
 * echoes the whole path.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const p = toProblem(err, req);
  reply.status(p.statusCode).type('application/json; charset=utf-8').send(p.toBody());
}

/**
 * Installs the error and not-found handlers that answer every failure with the problem body. `fallback`
 * may answer a not-found request first (the SPA shell for app routes) and returns true when it did.
 */
export function installErrorHandlers(
  app: FastifyInstance,
  fallback?: (req: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setErrorHandler((err, req, reply: FastifyReply) => {
    const p = toProblem(err, req);
    if (p instanceof RateLimited) reply.header('retry-after', String(Math.max(1, Math.ceil(p.retryAfterS))));
    return reply.status(p.statusCode).type('application/json; charset=utf-8').send(p.toBody());
  });
  app.setNotFoundHandler((req, reply) => {
    // The fallback sends the SPA shell itself; returning the reply (a thenable) here would be awaited again.
    if (fallback?.(req, reply)) return;
    const p = new HttpProblem(
      404,
      'not_found',
      `No route ${req.method} ${clip(req.url.split('?')[0] ?? '', 200)}`,
    );
    return reply.status(404).type('application/json; charset=utf-8').send(p.toBody());
  });
}
