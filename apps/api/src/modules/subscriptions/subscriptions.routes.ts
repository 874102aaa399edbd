import {
  acceptTermsEndpoint,
  createSubscriptionEndpoint,
  currentSubscriptionEndpoint,
  planDescription,
  plansEndpoint,
  setCurrSubscriptionEndpoint,
  subscriptionsEndpoint,
  TERMS_VERSION,
  type TermsLang,
  termsPdfEndpoint,
  USER_LANGS,
  updateSubscriptionEndpoint,
} from '@hoppa/core';
import { sanitizeRichText } from '@hoppa/core/rich-text';
import type { FastifyInstance } from 'fastify';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { termsPdf } from '../../lib/pdf/terms.pdf.ts';
import { route } from '../../lib/route.ts';
import { setCurrentOrg } from '../orgs/index.ts';
import { activePlans } from '../users/index.ts';
import {
  acceptTerms,
  currentSubscription,
  listSubscriptions,
  saveSubscription,
} from './subscription.service.ts';

/** Plans, subscriptions and the terms of service (spec 3 §2 pricing and terms, §7 billing, `GET /accept_terms`). */
export function registerSubscriptionRoutes(app: FastifyInstance): void {
  route(app, plansEndpoint, async (_input, ctx) =>
    (await activePlans(ctx.db)).map((p) => {
      // Sanitised before storage, and again here: stored HTML from any source never reaches a screen unsanitised.
      const descriptions = Object.fromEntries(
        USER_LANGS.flatMap((l) => {
          const html = p.descriptions[l];
          return html ? [[l, sanitizeRichText(html)]] : [];
        }),
      );
      return {
        id: p.id,
        name: p.name,
        // The contract's one description: the English text, else any (core planDescription).
        description: planDescription({ description: '', descriptions }, 'en'),
        descriptions,
        price_cents: p.price_cents,
        role: p.role_key,
      };
    }),
  );
  route(app, subscriptionsEndpoint, async ({ query }, ctx) => listSubscriptions(ctx, query));
  route(app, currentSubscriptionEndpoint, async (_input, ctx) => currentSubscription(ctx, ctx.currOrgId));
  route(app, createSubscriptionEndpoint, async ({ body }, ctx) => saveSubscription(ctx, body, 'create'));
  route(app, updateSubscriptionEndpoint, async ({ body }, ctx) => saveSubscription(ctx, body, 'update'));
  route(app, setCurrSubscriptionEndpoint, async ({ body }, ctx) => {
    const user = await setCurrentOrg(ctx, { body });
    return currentSubscription(ctx, user.currOrgId as string);
  });
  route(app, acceptTermsEndpoint, async (_input, ctx) => acceptTerms(ctx));
  // Made once per language per process: the text only changes with a release (TERMS_VERSION).
  const pdfs = new Map<TermsLang, Promise<Buffer>>();
  route(app, termsPdfEndpoint, async ({ query }, _ctx, _req, reply) => {
    let pdf = pdfs.get(query.lang);
    if (!pdf) {
      pdf = termsPdf(query.lang);
      pdfs.set(query.lang, pdf);
      pdf.catch(() => pdfs.delete(query.lang));
    }
    inlinePdf(reply, `hoppa-terms-${TERMS_VERSION}-${query.lang}.pdf`);
    return pdf;
  });
}
