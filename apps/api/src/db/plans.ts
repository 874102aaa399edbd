/**
 * Ids of the standard plans every installation starts with (migration 0270_plans_subscriptions_terms.sql): the
 * licence types 'CSR Manager' (the shop's managers) and 'Stakeholders' (read-only). Here, beside the migrations, so
 * the demo seed and the users module share them without the seed loading the module's routes.
 */
export const STANDARD_PLANS = {
  csrManager: '5e1ec7000000000000000001',
  stakeholders: '5e1ec7000000000000000002',
} as const;
