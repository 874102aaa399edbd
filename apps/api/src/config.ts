import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (three levels above this file), against which a relative DATA_DIR is resolved. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Hoppa Fulfilment <no-reply@hoppa.local>'),
  /** Origin used in links inside e-mails (reset link); defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Set to true behind HTTPS so the session cookie carries Secure. */
  COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set to true behind a reverse proxy, so rate limits see the client address (X-Forwarded-For). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Set to false to skip the demo seed on first start. */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** How long a session may be answered from the per-process cache, milliseconds; 0 turns the cache off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** Set to false to seed the demo warehouse without its week of live orders (the e2e journeys do). */
  DEMO_ORDERS: z.enum(['true', 'false']).default('true'),
  /** Set to false to send no weekly report e-mails by themselves (the e2e journeys read the mail folder). */
  WEEKLY_REPORT_MAIL: z.enum(['true', 'false']).default('true'),
  /** Serve the floor app from this built folder instead of apps/floor/dist (a release unpacked elsewhere). */
  FLOOR_DIST: z.string().min(1).optional(),
  /** Serve the portal from this built folder instead of apps/portal/dist (a benchmark comparing two builds). */
  PORTAL_DIST: z.string().min(1).optional(),
  /** Key of the stored connection secrets: 32 bytes in base64 (lib/secrets.ts); without it DATA_DIR/secrets.key. */
  SECRETS_KEY: z.string().min(1).optional(),
  /** bol.com Retailer API and its token endpoint (issue 14); a fake's origin in the tests. */
  BOL_API_URL: z.url().default('https://api.bol.com'),
  BOL_LOGIN_URL: z.url().default('https://login.bol.com'),
  /** PostNL's API origin (issue 14; https://api-sandbox.postnl.nl for the sandbox); a fake's origin in the tests. */
  POSTNL_API_URL: z.url().default('https://api.postnl.nl'),
  /** How often the bol order pull runs, milliseconds; 0 turns it off. */
  CONNECTIONS_SYNC_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** DHL Parcel NL API gateway (issue 14; ADR 0046); a fake's origin in the tests. */
  DHL_API_URL: z.url().default('https://api-gw.dhlparcel.nl'),
  /** The EU's VIES REST API (the organisation wizard's VAT lookup, ADR 0051); a fake's origin in the tests. */
  VIES_API_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  /**
   * Let the product sync reach shops on this machine or a private network (a shop's URL resolving to 127.0.0.1,
   * 10.x, 192.168.x, …). Off in production: a merchant's URL must not lead the server to internal services (ADR
   * 0107). The tests and journeys turn it on for their local fakes.
   */
  ALLOW_PRIVATE_SHOP_HOSTS: z.enum(['true', 'false']).default('false'),
  /** How often the tracking job asks the carriers for news of open parcels, milliseconds; 0 turns it off. */
  TRACKING_POLL_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** Parcels whose label is older than this many days are no longer tracked. */
  TRACKING_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(21),
});

/**
 * The API's configuration, parsed from the environment by one zod schema (fails fast with a readable
 * message). `dataDir` is absolute; uploads live in `dataDir/uploads`, mail in `dataDir/mail`, PGlite in
 * `dataDir/pglite`.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  /** With the demo seed, also a week of orders in every state (db/seed-orders.ts). */
  demoOrders: boolean;
  /** Send each shop its weekly report e-mail by itself once a week (modules/reports, ADR 0042). */
  weeklyReportMail: boolean;
  /** Largest accepted JSON body, bytes. */
  bodyLimit: number;
  /** Session lifetime, milliseconds (sliding: renewed on use). */
  sessionTtlMs: number;
  /** Lifetime of a password-reset token, milliseconds. */
  resetTtlMs: number;
  /** Longest use of a cached session, milliseconds; 0 = no session cache (lib/session-cache.ts). */
  sessionCacheMs: number;
  /** The built floor app to serve under /floor/ (absolute); apps/floor/dist unless FLOOR_DIST says otherwise. */
  floorDist: string;
  /** The built portal to serve at / (absolute); apps/portal/dist unless PORTAL_DIST says otherwise. */
  portalDist: string;
  /** SECRETS_KEY (base64), or undefined for the key file in dataDir (lib/secrets.ts). */
  secretsKey: string | undefined;
  /** Origins of the bol.com Retailer API and of its OAuth token endpoint. */
  bolApiUrl: string;
  bolLoginUrl: string;
  /** Interval of the scheduled bol order pull, milliseconds; 0 = off (modules/connections). */
  connectionsSyncMs: number;
  /** Origin of the PostNL API (labels and shipping status; ADR 0044). */
  postnlApiUrl: string;
  /** Retry tuning of the carrier clients; undefined = their defaults (tests make the waits short). */
  carrierRetry?: { retries?: number; backoffMs?: number; maxRetryAfterMs?: number; timeoutMs?: number };
  /** Origin of the DHL Parcel NL API gateway (lib/carriers/dhl.carrier.ts). */
  dhlApiUrl: string;
  /** Interval of the tracking job, milliseconds; 0 = off (modules/tracking, ADR 0046). */
  trackingPollMs: number;
  /** Base URL of the VIES REST API (`…/check-vat-number`; lib/outside/vies.ts, ADR 0051). */
  viesApiUrl: string;
  /** Days after the label during which an undelivered parcel is still tracked. */
  trackingMaxAgeDays: number;
  /** Whether a shop URL may lead to this machine or a private network (ALLOW_PRIVATE_SHOP_HOSTS; ADR 0107). */
  allowPrivateShopHosts: boolean;
}

/** Parses the environment into a {@link Config}; throws an Error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    cookieSecure: e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    demoOrders: e.DEMO_ORDERS === 'true',
    weeklyReportMail: e.WEEKLY_REPORT_MAIL === 'true',
    bodyLimit: 10 * 1024 * 1024,
    sessionTtlMs: 30 * 24 * 3600 * 1000,
    resetTtlMs: 3600 * 1000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    floorDist: e.FLOOR_DIST
      ? isAbsolute(e.FLOOR_DIST)
        ? e.FLOOR_DIST
        : resolve(REPO_ROOT, e.FLOOR_DIST)
      : resolve(REPO_ROOT, 'apps/floor/dist'),
    portalDist: e.PORTAL_DIST
      ? isAbsolute(e.PORTAL_DIST)
        ? e.PORTAL_DIST
        : resolve(REPO_ROOT, e.PORTAL_DIST)
      : resolve(REPO_ROOT, 'apps/portal/dist'),
    secretsKey: e.SECRETS_KEY,
    bolApiUrl: e.BOL_API_URL,
    bolLoginUrl: e.BOL_LOGIN_URL,
    connectionsSyncMs: e.CONNECTIONS_SYNC_MS,
    postnlApiUrl: e.POSTNL_API_URL,
    dhlApiUrl: e.DHL_API_URL,
    trackingPollMs: e.TRACKING_POLL_MS,
    viesApiUrl: e.VIES_API_URL,
    trackingMaxAgeDays: e.TRACKING_MAX_AGE_DAYS,
    allowPrivateShopHosts: e.ALLOW_PRIVATE_SHOP_HOSTS === 'true',
  };
}
