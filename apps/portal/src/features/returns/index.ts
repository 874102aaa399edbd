import { defineArea } from '../../app/area.ts';

/** Creating a return for a shipped order (spec 2 §2 Return creation wizard; issue 12), from the shipment's detail. */
export const returnsArea = defineArea({
  id: 'returns',
  i18n: { ns: 'returns', load: () => import('./returns.i18n.ts').then((m) => m.returnsI18n) },
  routes: [
    {
      path: 'returns/create/:id',
      needs: { method: 'POST', path: '/returns/create' },
      screens: ['Return creation wizard'],
      lazy: () => import('./return-wizard-page.tsx').then((m) => ({ Component: m.ReturnWizardPage })),
    },
  ],
});
