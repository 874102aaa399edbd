import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * The merchant's inbound screens (issue 10 parts 1 and 5; spec 2 §2 Inbound announcement, Inbound lists and edit):
 * choosing how to announce, the four-step wizard, the spreadsheet, the list of inbounds with the items still to
 * arrive, an inbound's detail (items, extra work, PDFs, mail, add and delete while pending) and editing its
 * information while pending. Menu entries name their calls by reference, so no endpoint schema joins the first
 * load (ADR 0033).
 */
export const inboundArea = defineArea({
  id: 'inbound',
  i18n: { ns: 'inbound', load: () => import('./inbound.i18n.ts').then((m) => m.inboundI18n) },
  routes: [
    {
      path: 'pre_notify',
      screens: ['Choose how to announce stock'],
      lazy: () => import('./pre-notify-page.tsx').then((m) => ({ Component: m.PreNotifyPage })),
    },
    {
      path: 'add_inventory',
      screens: ['Add inventory wizard (4 steps)'],
      lazy: () => import('./add-inventory-page.tsx').then((m) => ({ Component: m.AddInventoryPage })),
    },
    {
      path: 'add_inventory_excel',
      screens: ['Announce by spreadsheet'],
      lazy: () =>
        import('./add-inventory-excel-page.tsx').then((m) => ({ Component: m.AddInventoryExcelPage })),
      alsoTexts: ['products'],
    },
    {
      path: 'checkin_inventory',
      screens: ['Inbound list (pending / checked-in, scan QR)'],
      lazy: () => import('./inbounds-page.tsx').then((m) => ({ Component: m.InboundsPage })),
    },
    {
      path: 'checkin_inventory/:id',
      screens: ['Inbound details', 'Inventory products per inbound (Add product)'],
      lazy: () => import('./inbound-detail-page.tsx').then((m) => ({ Component: m.InboundDetailPage })),
    },
    {
      path: 'products/inventory_ticket',
      screens: ['Inventory ticket'],
      lazy: () => import('./inventory-ticket-page.tsx').then((m) => ({ Component: m.InventoryTicketPage })),
    },
    {
      // The inbound detail reached from an inbound item card (spec 2 §2 route table): the same page.
      path: 'inbound_details/:id',
      screens: ['Inbound item card with QR download / inbound_details'],
      lazy: () => import('./inbound-detail-page.tsx').then((m) => ({ Component: m.InboundDetailPage })),
    },
    {
      path: 'overview_checkin/:id',
      screens: ['Edit inbound details'],
      lazy: () => import('./inbound-edit-page.tsx').then((m) => ({ Component: m.InboundEditPage })),
    },
  ],
  nav: [
    {
      key: 'inbounds',
      to: PATHS.checkinInventory,
      icon: 'inbound',
      section: 'work',
      order: 45,
      needs: { method: 'GET', path: '/inbounds/status/pending' },
    },
    {
      key: 'announce',
      to: PATHS.preNotify,
      icon: 'announce',
      section: 'work',
      order: 46,
      needs: { method: 'POST', path: '/inbound' },
    },
  ],
});
