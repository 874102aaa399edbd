import { z } from 'zod';
import { USER_LANGS } from '../auth/auth.schema.ts';
import { IdSchema } from '../common/common.schema.ts';

/** The version of the terms of service in force; accepting records it (spec 3 §7 `GET /accept_terms`; ADR 0050). */
export const TERMS_VERSION = '2026-11';

/** Most licences of one plan a subscription may hold. */
export const MAX_PLAN_COUNT = 1000;

/**
 * A plan's description per UI language (spec 3 §3 User lang: nl, en, fr, es; migration 0452): HTML, each sanitised
 * with core's rich-text rule before storage and again before display. Any language may be missing; the apps choose
 * with {@link planDescription}.
 */
export const PlanDescriptionsSchema = z.partialRecord(z.enum(USER_LANGS), z.string());
export type PlanDescriptions = z.infer<typeof PlanDescriptionsSchema>;

/**
 * A plan (spec 3 §3 Plan: id, name, description, price per order): a licence type (the plans are the licences of
 * spec 3 §2 Users: 'CSR Manager', 'Stakeholders'). `price_cents` is the price per order in euro cents;
 * `descriptions` the description per UI language ({@link PlanDescriptionsSchema}), `description` the English one
 * (else any; kept for the contract's clients), both HTML sanitised with core's rich-text rule before storage and
 * again before display (spec 3 §2 Custom form fields); `role` is the role a user with this licence gets in the shop
 * (ADR 0050).
 */
export const PlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  descriptions: PlanDescriptionsSchema,
  price_cents: z.number().int(),
  role: z.enum(['merchant_owner', 'merchant_user']),
});
export type Plan = z.infer<typeof PlanSchema>;

/** One chosen plan and how many licences of it (spec 3 §7 `{subscription:[{id,count}]}`). */
export const PlanCountSchema = z.object({
  id: IdSchema,
  count: z.coerce.number().int().min(0).max(MAX_PLAN_COUNT),
});

/**
 * POST and PUT /subscriptions body (spec 3 §7): the chosen counts per plan; at least one licence in total, each plan
 * at most once.
 */
export const SubscriptionBodySchema = z.object({
  subscription: z
    .array(PlanCountSchema)
    .min(1, 'Choose at least one plan')
    .max(50)
    .refine((l) => l.some((x) => x.count > 0), 'Choose at least one licence')
    .refine((l) => new Set(l.map((x) => x.id)).size === l.length, 'Each plan only once'),
});
export type SubscriptionBody = z.infer<typeof SubscriptionBodySchema>;

/** Who accepted which terms version when (spec 3 §7 `GET /accept_terms`). */
export const TermsAcceptanceSchema = z.object({
  version: z.string(),
  accepted_at: z.string(),
  accepted_by: z.string(),
});
export type TermsAcceptance = z.infer<typeof TermsAcceptanceSchema>;

/**
 * A subscription (spec 3 §3: plans with id, price, count, total; totals subTotal, discount, total), money in euro
 * cents. A change makes a new version and ends the previous one (`ended_at`), so the history stays.
 */
export const SubscriptionSchema = z.object({
  id: IdSchema,
  org_id: IdSchema,
  org_name: z.string(),
  plans: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      price_cents: z.number().int(),
      count: z.number().int(),
      total_cents: z.number().int(),
    }),
  ),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  ended_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * GET /current_subscr answer: the current organisation's subscription (null before the first) and its terms: the
 * version in force and the organisation's acceptance of it (null until accepted).
 */
export const CurrentSubscriptionSchema = z.object({
  org_id: IdSchema,
  subscription: SubscriptionSchema.nullable(),
  terms_version: z.string(),
  terms_accepted: TermsAcceptanceSchema.nullable(),
});
export type CurrentSubscription = z.infer<typeof CurrentSubscriptionSchema>;

/** POST /subscriptions/set_curr body: the organisation (customer) to work on (spec 3 §7). */
export const SetCurrSubscriptionBodySchema = z.object({ customer_id: IdSchema });

/**
 * The languages of the terms of service: one agreement, version {@link TERMS_VERSION}, in a Dutch and an English text;
 * where they differ the Dutch text prevails (both PDFs say so).
 */
export const TERMS_LANGS = ['nl', 'en'] as const;
/** A language of the terms of service. */
export type TermsLang = (typeof TERMS_LANGS)[number];

/** GET /terms/pdf query: `lang`, the portal's UI language (nl or en); without it the Dutch text, which prevails. */
export const TermsPdfQuerySchema = z.object({ lang: z.enum(TERMS_LANGS).default('nl') });

/** GET /subscriptions query: `current` lists the current organisation's versions, `all` every visible shop's. */
export const SubscriptionListQuerySchema = z.object({ orgs: z.enum(['current', 'all']).default('current') });
