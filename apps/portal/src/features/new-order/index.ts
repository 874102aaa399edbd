import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * The new order wizard (issue 13 item 1; spec 1 §2 New order wizard, §4, §5): manual, B2B, bol LVB and Amazon FBA orders,
 * also opened prefilled for a resend (`/new_order?resend={id}`). Its attachments panel
 * (`order-attachments-panel.tsx`) is for the order card and the order detail. The menu entry names its call by
 * reference, so no endpoint schema joins the first load (ADR 0033).
 */
export const newOrderArea = defineArea({
  id: 'newOrder',
  i18n: { ns: 'newOrder', load: () => import('./new-order.i18n.ts').then((m) => m.newOrderI18n) },
  routes: [
    {
      path: 'new_order',
      needs: { method: 'POST', path: '/orders' },
      screens: ['New order wizard (manual, B2B, Amazon FBA, bol LVB)'],
      lazy: () => import('./new-order-page.tsx').then((m) => ({ Component: m.NewOrderPage })),
    },
  ],
  nav: [
    {
      key: 'newOrder',
      to: PATHS.newOrder,
      icon: 'plus',
      section: 'work',
      order: 21,
      needs: { method: 'POST', path: '/orders' },
    },
  ],
});
