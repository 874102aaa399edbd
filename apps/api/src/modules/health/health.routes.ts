import { healthEndpoint } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { currentVersion } from '../../db/migrate.ts';
import { publicRoute } from '../../lib/route.ts';

/** GET /api/health: database kind and migration version (public). */
export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(app, healthEndpoint, async (_input, ctx) => ({
    status: 'ok' as const,
    database: { kind: ctx.db.kind, migration_version: await currentVersion(ctx.db) },
    time: new Date().toISOString(),
  }));
}
