import { defineArea } from '../../app/area.ts';

/**
 * The inbound item at the desk (issue 10; spec 2 §2 Inbound item detail, Scanner / inbound item lookup): the item's
 * counts, location finder, placing, extra work, photos and details for warehouse staff working at a desk (the floor
 * app's Check-in task is the same work on a handheld, offline), and the lookup that opens an item or an inbound by
 * its QR code or id. No menu entry: the inbound pages and the floor link here.
 */
export const inboundItemArea = defineArea({
  id: 'inboundItem',
  i18n: { ns: 'inboundItem', load: () => import('./inbound-item.i18n.ts').then((m) => m.inboundItemI18n) },
  routes: [
    {
      path: 'inbound/item',
      screens: ['Scanner / inbound item lookup'],
      lazy: () =>
        import('./inbound-item-lookup-page.tsx').then((m) => ({ Component: m.InboundItemLookupPage })),
    },
    {
      path: 'inbound/item/:id',
      screens: ['Inbound item detail (location finder, transfers, surcharges)'],
      lazy: () => import('./inbound-item-page.tsx').then((m) => ({ Component: m.InboundItemPage })),
    },
  ],
});
