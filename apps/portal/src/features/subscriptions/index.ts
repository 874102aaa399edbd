import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * Pricing, terms and the subscription (issue 16; spec 3 §2 Invoices, pricing, terms): /subscriptions/add (plans, counts,
 * totals), /subscriptions/terms (the PDF, the accept checkbox, the continue rule) and /settings/subscription.
 */
export const subscriptionsArea = defineArea({
  id: 'subscriptions',
  i18n: {
    ns: 'subscriptions',
    load: () => import('./subscriptions.i18n.ts').then((m) => m.subscriptionsI18n),
  },
  routes: [
    {
      path: 'subscriptions/add',
      layout: 'settings',
      screens: ['Pricing and terms'],
      lazy: () => import('./pricing-page.tsx').then((m) => ({ Component: m.PricingPage })),
    },
    {
      path: 'subscriptions/terms',
      layout: 'settings',
      lazy: () => import('./terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
    },
    {
      path: 'settings/subscription',
      layout: 'settings',
      lazy: () => import('./subscription-page.tsx').then((m) => ({ Component: m.SubscriptionPage })),
    },
  ],
  nav: [
    {
      key: 'settingsSubscription',
      to: PATHS.settingsSubscription,
      icon: 'document',
      section: 'settings',
      order: 115,
      needs: { method: 'GET', path: '/current_subscr' },
    },
  ],
});
