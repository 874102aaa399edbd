import { defineArea } from '../../app/area.ts';

/** Editing an open order: address and product lines (spec 1 §2 Edit order; issue 13). */
export const orderEditArea = defineArea({
  id: 'order-edit',
  i18n: { ns: 'orderEdit', load: () => import('./order-edit.i18n.ts').then((m) => m.orderEditI18n) },
  routes: [
    {
      path: 'order/edit/:id',
      needs: { method: 'PUT', path: '/order/edit/:id' },
      screens: ['Edit order'],
      lazy: () => import('./order-edit-page.tsx').then((m) => ({ Component: m.OrderEditPage })),
    },
  ],
});
