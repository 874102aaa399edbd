import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';

/** GET /health answer: liveness plus the database kind and the applied migration version. */
export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), migration_version: z.number().int() }),
  time: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** GET /health: public liveness and database check. */
export const healthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: 'Health and database status',
  public: true,
  response: HealthSchema,
  tags: ['health'],
});
