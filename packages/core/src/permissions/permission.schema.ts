import { z } from 'zod';

/**
 * One grant of a role: the HTTP methods it allows (case-insensitive, `*` for all) on a path pattern
 * where `*` matches any run of characters within and across segments (spec 1 §6, spec 2 §6, spec 3 §6).
 * `except` lists patterns the grant does not cover, so an area can be granted read-only without the
 * state-changing GETs of the catalogue inside it (e.g. `GET /product/*` except `/product/link/*`).
 * Example: `{ methods: ['get'], path: '/products/ean/*' }`.
 */
export const GrantSchema = z.object({
  methods: z.array(z.string().min(1)).min(1),
  path: z.string().startsWith('/'),
  except: z.array(z.string().startsWith('/')).optional(),
});
export type Grant = z.infer<typeof GrantSchema>;

/** A role (a user's `curr_role`): a name and its list of grants. */
export const RoleSchema = z.object({
  name: z.string(),
  grants: z.array(GrantSchema),
});
export type Role = z.infer<typeof RoleSchema>;
