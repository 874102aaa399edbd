import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { type Config, loadConfig } from './config.ts';
import { type Db, openDb } from './db/client.ts';
import { registerCompression } from './lib/compression.ts';
import { frameworkErrors, installErrorHandlers } from './lib/errors.ts';
import { createMailTransport, type MailTransport } from './lib/mail.ts';
import type { RouteEntry } from './lib/route.ts';
import { loggerOptions, registerSecurityHeaders } from './lib/security-headers.ts';
import { SessionCache } from './lib/session-cache.ts';
import { registerStatic } from './lib/static.ts';
import { registerAuthRoutes } from './modules/auth/index.ts';
import { registerFulfilmentModules } from './modules/fulfilment.ts';
import { registerHealthRoutes } from './modules/health/index.ts';
import { registerOrgRoutes } from './modules/orgs/index.ts';
import { registerSubscriptionRoutes } from './modules/subscriptions/index.ts';
import { registerUserRoutes } from './modules/users/index.ts';

/** What buildApp may be given; anything missing is made from the configuration. */
export interface BuildAppDeps {
  config?: Config;
  db?: Db;
  mail?: MailTransport;
  /** Where the built apps live (defaults: apps/portal/dist and apps/floor/dist). */
  staticDirs?: { portal: string; floor: string };
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the Fastify instance with every module registered and ready for `inject()` or `listen()`
 * (docs/architecture.md). Does not migrate or seed: main.ts and createTestApp do that. Closing the app
 * closes the database only when buildApp opened it.
 */
export async function buildApp(deps: BuildAppDeps = {}): Promise<FastifyInstance> {
  const config = deps.config ?? loadConfig();
  const ownDb = !deps.db;
  const db =
    deps.db ??
    (await openDb(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }));
  const mail =
    deps.mail ??
    createMailTransport({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom });

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            ...(loggerOptions(config.logLevel) as object),
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Ids and tokens in paths are short; a longer path is an attack or a bug.
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  const sessions = new SessionCache({ ttlMs: config.sessionCacheMs });
  await sessions.start(db);
  app.decorate('hoppa', { config, db, mail, sessions });
  app.decorateRequest('hoppaCtx', null);
  app.decorateRequest('hoppaSession', null);
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: opts.url, endpoint: opts.config?.endpoint });
    }
  });
  app.addHook('onClose', async () => {
    await sessions.close();
    if (ownDb) await db.close();
  });

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hoppa API',
        description: 'The /api call catalogue of the Hoppa fulfilment portal and floor app (spec §7).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hoppa_session' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // Swagger UI sets its own CSP on its pages (hashes of its inline script), with frame-ancestors 'none' and
  // no upgrade-insecure-requests (plain HTTP on a LAN must keep working).
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
        // Swagger UI sets style attributes at run time (seen as CSP errors in Chromium without this).
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  const fallback = await registerStatic(
    app,
    deps.staticDirs ?? {
      portal: config.portalDist,
      floor: config.floorDist,
    },
  );
  installErrorHandlers(app, fallback);

  await registerHealthRoutes(app);
  await registerAuthRoutes(app);
  await registerOrgRoutes(app);
  registerUserRoutes(app);
  registerSubscriptionRoutes(app);
  await registerFulfilmentModules(app);

  await app.ready();
  return app;
}
