import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  APP_HEADER,
  COMMON_PROBLEMS,
  can,
  type Endpoint,
  type EndpointOutput,
  type EndpointScope,
  IMAGE_TYPES,
  PROBLEMS,
  type ProblemCode,
  ProblemSchema,
} from '@hoppa/core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accessibleOrgIds, hashToken, loadSession, SESSION_COOKIE, type SessionUser } from './auth.ts';
import { forbidden, HttpProblem, refusal, unauthorized } from './errors.ts';
import { JsonText } from './json-text.ts';
import { type DocLang, requesterLang } from './lang.ts';
import type { MailTransport } from './mail.ts';
import type { SessionCache, SessionEntry } from './session-cache.ts';
import { shapeSerializer } from './shape-serializer.ts';

export type { SessionUser } from './auth.ts';

/** What buildApp hands to every module: configuration, database, mail transport and the session cache. */
export interface AppDeps {
  config: Config;
  db: Db;
  mail: MailTransport;
  sessions: SessionCache;
}

/** One registered route, as collected by the onRoute hook (app.routeTable). */
export interface RouteEntry {
  method: string;
  url: string;
  /** The core endpoint when registered through {@link route}/{@link publicRoute}; undefined otherwise. */
  endpoint?: Endpoint;
}

/**
 * What a handler of a non-public endpoint receives besides its input (docs/architecture.md).
 * Services read and write only rows whose org_id is in `orgIds`; another organisation's row is a 404.
 */
export interface RequestContext {
  db: Db;
  user: SessionUser;
  /** Organisations whose data this user may read and change. */
  orgIds: string[];
  /** The current organisation (POST /orgs/set_curr); new merchant data belongs to it. */
  currOrgId: string | null;
  /** The Idempotency-Key request header, or null. */
  idempotencyKey: string | null;
  /**
   * The requester's language (the user's stored one, else the browser's Accept-Language; lib/lang.ts), in which
   * generated documents word their titles; absent (contexts made outside a request) reads as Dutch.
   */
  lang?: DocLang;
}

/**
 * The context of an endpoint with scope `org` (core's `EndpointScope`): `route()` has checked that the user has a
 * current organisation, so `currOrgId` is set; new records of the call belong to it.
 */
export interface OrgContext extends RequestContext {
  currOrgId: string;
}

/** The context a handler of `endpoint` gets: {@link OrgContext} for scope `org`, else {@link RequestContext}. */
export type ContextOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, ProblemCode, z.ZodType, infer S>
    ? S extends 'org'
      ? OrgContext
      : RequestContext
    : RequestContext;

/** The context of a public endpoint: the session user when there is one. */
export interface PublicContext extends Omit<RequestContext, 'user'> {
  user: SessionUser | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    hoppa: AppDeps;
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    hoppaCtx: PublicContext | null;
    /** The cached session of this request (lib/session-cache.ts), or null without one. */
    hoppaSession: SessionEntry | null;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The parsed input a handler receives. Absent parts are undefined. */
export type RouteInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? { params: Out<P>; query: Out<Q>; body: Out<B> }
    : never;

/**
 * A handler's result: the endpoint's output, or for binary endpoints a Buffer or a stream of the bytes (set the type
 * on reply; a stream is sent as it is written, e.g. the invoice's XLSX export), or for a `trustedOutput` endpoint its
 * answer already written as JSON text ({@link JsonText}, ADR 0083).
 */
export type RouteResult<E> = EndpointOutput<E> | Buffer | Readable | JsonText;

/**
 * The path the permission check sees: the request path percent-decoded as Fastify's router decodes it, so
 * `/api/current%5Fuser` is checked as `/current_user` (the route it reaches) and an encoded path cannot slip
 * past a grant pattern. An undecodable path never routes, so it falls back to the raw text (refused).
 */
function concretePath(req: FastifyRequest): string {
  const raw = req.url.split('?')[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw;
  }
  return path.replace(/^\/api(?=\/|$)/, '') || '/';
}

function idempotencyKeyOf(req: FastifyRequest): string | null {
  const v = req.headers['idempotency-key'];
  const key = Array.isArray(v) ? v[0] : v;
  return key && key.length <= 200 ? key : null;
}

/** The cookie's token hash, or null without a (plausible) session cookie. */
function tokenHashOf(req: FastifyRequest): string | null {
  const token = req.cookies?.[SESSION_COOKIE];
  return token && token.length <= 200 ? hashToken(token) : null;
}

/** The session of the request with its organisations: from the session cache, else two queries. */
async function sessionOf(
  req: FastifyRequest,
  deps: AppDeps,
  tokenHash: string | null,
): Promise<SessionEntry | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!tokenHash || !token) return null;
  return deps.sessions.get(tokenHash, async () => {
    const user = await loadSession(deps.db, token, deps.config.sessionTtlMs);
    return user ? { user, orgIds: await accessibleOrgIds(deps.db, user) } : null;
  });
}

/** Validates params and query with zod as everywhere, and lets a raw JSON body through as bytes (`rawJsonBody`). */
const rawBodyValidator: FastifySchemaCompiler<unknown> = (req) =>
  req.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(req as never);

/**
 * The serializers of an endpoint with `trustedOutput` (issue 8 hot reads, ADR 0065): its success answer in the shape of
 * `endpoint.response` without checking the values ({@link shapeSerializer}), or a {@link JsonText} answer's text as it
 * is (ADR 0083); problems as everywhere. Under test (VITEST) every answer is also encoded by zod (a JsonText's parsed
 * text), so a value off the contract fails the test as before, and the two texts must be equal byte for byte.
 */
function trustedSerializerCompiler(endpoint: Endpoint): FastifySerializerCompiler<Record<string, unknown>> {
  return (route) => {
    const checked = serializerCompiler(route as never) as (data: unknown) => string;
    if ((route.schema as unknown) !== endpoint.response) return checked;
    const shaped = shapeSerializer(endpoint.response);
    // An answer written as JSON text already (ADR 0083) goes out as it is.
    const fast = (data: unknown) => (data instanceof JsonText ? data.text : shaped(data));
    if (!process.env.VITEST) return fast;
    return (data) => {
      const expected = checked(data instanceof JsonText ? JSON.parse(data.text) : data);
      const written = fast(data);
      if (written !== expected) {
        throw new Error(
          `${endpoint.method} ${endpoint.path}: the shape serializer wrote another answer than zod`,
        );
      }
      return written;
    };
  };
}

/** A route handler: the parsed input and the request context `C` in, the answer (or a PDF Buffer) out. */
export type RouteHandler<E, C> = (
  input: RouteInput<E>,
  ctx: C,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<RouteResult<E>>;

/** What a route may set besides its endpoint: its own compression (lib/compression.ts `HOT_READ_COMPRESSION`). */
export interface RouteExtras {
  compress?: RouteOptions['compress'];
}

/**
 * Registers `endpoint` under `/api` with its schemas. Before validation it loads the session user,
 * lets `guard` refuse the request (401/403), builds the context and checks the app header of
 * `changesState` endpoints; the handler gets the parsed input and that context.
 */
function register<E extends Endpoint, C extends PublicContext>(
  app: FastifyInstance,
  endpoint: E,
  guard: (user: SessionUser | null, req: FastifyRequest) => void,
  handler: RouteHandler<E, C>,
  checkContext: (ctx: PublicContext) => void = () => {},
  options: RouteExtras = {},
): void {
  const { db, sessions } = app.hoppa;
  const schema: Record<string, unknown> = {
    summary: endpoint.summary,
    tags: endpoint.tags ?? [],
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  const status = endpoint.status ?? 200;
  const declared = new Set<string>([...COMMON_PROBLEMS, ...(endpoint.problems ?? [])]);
  schema.response = endpoint.binary
    ? { '4xx': ProblemSchema, '5xx': ProblemSchema }
    : { [status]: endpoint.response, '4xx': ProblemSchema, '5xx': ProblemSchema };
  const forgetCaller = (req: FastifyRequest) => {
    if (req.hoppaSession) sessions.forgetUser(req.hoppaSession.user.id);
    const hash = tokenHashOf(req);
    if (hash) sessions.forgetToken(hash);
  };
  const routeOf = (target: FastifyInstance) =>
    target.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      schema,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      // A raw body (endpoint.rawJsonBody) stays bytes: the handler checks it against the schema off the event loop;
      // the schema still documents it in OpenAPI.
      ...(endpoint.rawJsonBody || endpoint.imageBody || endpoint.multipartBody
        ? { validatorCompiler: rawBodyValidator }
        : {}),
      ...(endpoint.trustedOutput && !endpoint.binary
        ? { serializerCompiler: trustedSerializerCompiler(endpoint) }
        : {}),
      config: { endpoint },
      ...(options.compress ? { compress: options.compress } : {}),
      onRequest: async (req) => {
        const session = await sessionOf(req, app.hoppa, tokenHashOf(req));
        req.hoppaSession = session;
        const user = session?.user ?? null;
        guard(user, req);
        const orgIds = session?.orgIds ?? [];
        req.hoppaCtx = {
          db,
          user,
          orgIds,
          // The stored current organisation may have slipped out of reach (membership ended, role
          // changed); new data is written to it, so it only counts while it is among orgIds.
          currOrgId: user?.currOrgId && orgIds.includes(user.currOrgId) ? user.currOrgId : null,
          idempotencyKey: idempotencyKeyOf(req),
          lang: requesterLang(user?.lang, req.headers['accept-language']),
        };
        checkContext(req.hoppaCtx);
        if (endpoint.changesState && !req.headers[APP_HEADER]) {
          throw refusal(
            `This call changes data and needs the ${APP_HEADER} header`,
            'missing',
            { field: APP_HEADER },
            `headers.${APP_HEADER}`,
          );
        }
      },
      handler: async (req, reply) => {
        let result: RouteResult<E>;
        try {
          result = await handler(
            { params: req.params, query: req.query, body: req.body } as RouteInput<E>,
            req.hoppaCtx as C,
            req,
            reply,
          );
        } catch (err) {
          if (endpoint.changesSession) forgetCaller(req);
          if (err instanceof HttpProblem && !declared.has(err.code)) {
            const why = `${endpoint.method} ${endpoint.path} answered problem '${err.code}', which its endpoint does not declare`;
            req.log.error(why);
            // Under test an undeclared code fails loudly, so the contract in core stays complete.
            if (process.env.VITEST) throw new Error(why);
          }
          throw err;
        }
        // Before the answer goes out, so the caller's next request already reads the changed session.
        if (endpoint.changesSession) forgetCaller(req);
        if (reply.sent) return reply;
        // A handler may pick another success status itself (e.g. 202); otherwise the endpoint's.
        if (reply.statusCode === 200) reply.status(status);
        return result;
      },
    });
  if (endpoint.rawJsonBody) {
    // Its own plugin scope, where a JSON body arrives as bytes (Buffer) for the handler to parse off the loop.
    app.register(async (child) => {
      child.removeContentTypeParser('application/json');
      child.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      routeOf(child);
    });
  } else if (endpoint.imageBody) {
    // Its own plugin scope, where an image arrives as bytes (Buffer); any other body reaches the handler, which refuses it.
    app.register(async (child) => {
      child.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      routeOf(child);
    });
  } else if (endpoint.multipartBody) {
    // Its own plugin scope with the multipart parser; the handler reads the parts (req.parts()) with its own limits,
    // and refuses any other body.
    app.register(async (child) => {
      await child.register(fastifyMultipart, { limits: { fileSize: endpoint.bodyLimit, parts: 100 } });
      routeOf(child);
    });
  } else routeOf(app);
}

/**
 * Registers a non-public core endpoint (docs/architecture.md): `/api` + path with its zod params, query,
 * body and response (OpenAPI generated). Before validation it loads the session (401 without), checks
 * `can(role, method, concretePath)` (403 without the grant) and, for `changesState` GETs, the app header
 * (400). The handler gets the parsed input and the {@link RequestContext}; it returns the answer, or for a
 * `binary` endpoint a Buffer after setting `reply.type(...)`. `options.compress` replaces the app's compression for
 * this route (see {@link RouteExtras}).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E, ContextOf<E>>,
  options: RouteExtras = {},
): void {
  if (endpoint.public)
    throw new Error(`${endpoint.method} ${endpoint.path} is public: register it with publicRoute()`);
  const scope: EndpointScope = endpoint.scope ?? 'orgs';
  register(
    app,
    endpoint,
    (user, req) => {
      if (!user) throw unauthorized();
      if (!can({ name: user.role.name, grants: user.role.grants }, req.method, concretePath(req)))
        throw forbidden();
      if (scope === 'provider' && !user.role.allOrgs)
        throw forbidden('Only the warehouse’s own staff can do this');
    },
    handler as RouteHandler<E, PublicContext>,
    (ctx) => {
      if (scope === 'org' && !ctx.currOrgId)
        throw new HttpProblem(
          PROBLEMS.no_current_org,
          'no_current_org',
          'Choose an organisation first: there is no current organisation',
        );
    },
    options,
  );
}

/**
 * Registers a public core endpoint (login, signup, reset, health, the inbound report): no session or
 * grant needed; the context carries the session user when a valid cookie came along.
 */
export function publicRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E, PublicContext>,
): void {
  if (!endpoint.public)
    throw new Error(`${endpoint.method} ${endpoint.path} is not public: register it with route()`);
  register(app, endpoint, () => {}, handler);
}
