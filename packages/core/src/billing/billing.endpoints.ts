import { z } from 'zod';
import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import {
  CurrentSubscriptionSchema,
  PlanSchema,
  SetCurrSubscriptionBodySchema,
  SubscriptionBodySchema,
  SubscriptionListQuerySchema,
  SubscriptionSchema,
  TermsAcceptanceSchema,
  TermsPdfQuerySchema,
} from './billing.schema.ts';

const tags = ['subscriptions'];

/** GET /plans: the plans (licence types) with their price per order, in the provider's order (spec 3 §7 billing). */
export const plansEndpoint = defineEndpoint({
  method: 'GET',
  path: '/plans',
  summary: 'The plans (licences) with their price per order',
  response: z.array(PlanSchema),
  tags,
});

/**
 * GET /subscriptions: subscription versions, newest first, server-paged: the current shop's (`orgs=current`,
 * default) or every shop the caller may see (`orgs=all`; provider staff). Spec 3 §7 billing.
 */
export const subscriptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/subscriptions',
  summary: 'Subscriptions (current shop, or every visible shop)',
  query: pageQuery(25).extend(SubscriptionListQuerySchema.shape),
  response: pageOf(SubscriptionSchema),
  tags,
});

/** GET /current_subscr: the current shop's subscription and terms acceptance (spec 3 §7 billing). */
export const currentSubscriptionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/current_subscr',
  summary: "The current shop's subscription and terms",
  response: CurrentSubscriptionSchema,
  scope: 'org',
  tags,
});

/**
 * POST /subscriptions {subscription:[{id,count}]}: the shop's first subscription (spec 3 §7). 409
 * `terms_not_accepted` before the terms in force are accepted, `subscription_exists` when it has one (change it with
 * PUT), `licences_in_use` when a count is below the licences its users hold; 400 `unknown_plan`.
 */
export const createSubscriptionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/subscriptions',
  summary: 'Subscribe the current shop',
  body: SubscriptionBodySchema,
  response: SubscriptionSchema,
  status: 201,
  scope: 'org',
  changesSession: true,
  problems: ['terms_not_accepted', 'subscription_exists', 'licences_in_use', 'unknown_plan'],
  tags,
});

/**
 * PUT /subscriptions {subscription:[{id,count}]}: changes the counts (a new version; the previous one ends). 404
 * without a subscription; the other problems as POST.
 */
export const updateSubscriptionEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/subscriptions',
  summary: "Change the current shop's subscription",
  body: SubscriptionBodySchema,
  response: SubscriptionSchema,
  scope: 'org',
  changesSession: true,
  problems: ['terms_not_accepted', 'licences_in_use', 'unknown_plan'],
  tags,
});

/**
 * POST /subscriptions/set_curr {customer_id}: switches the current shop (as `POST /orgs/set_curr`) and answers its
 * subscription; 404 for a shop the caller may not see.
 */
export const setCurrSubscriptionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/subscriptions/set_curr',
  summary: 'Switch shop and read its subscription',
  body: SetCurrSubscriptionBodySchema,
  response: CurrentSubscriptionSchema,
  changesSession: true,
  tags,
});

/**
 * GET /accept_terms: records that the caller accepts the terms version in force for the current shop, and when
 * (spec 3 §7 orgs; a state-changing GET: needs the app header). Accepting again keeps the first acceptance.
 */
export const acceptTermsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/accept_terms',
  summary: 'Accept the terms of service in force',
  changesState: true,
  response: TermsAcceptanceSchema,
  scope: 'org',
  tags,
});

/**
 * GET /terms/pdf?lang=nl|en: the terms of service in force as a PDF (the terms page, spec 3 §2; our path) in the
 * language asked, Dutch without `lang`; an unknown language is a 400.
 */
export const termsPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/terms/pdf',
  summary: 'The terms of service (PDF), in Dutch or English',
  query: TermsPdfQuerySchema,
  response: PdfResponseSchema,
  binary: true,
  tags,
});
