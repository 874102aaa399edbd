import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * Invoices (issue 16 item 4; spec 3 §2 Invoices): the current organisation's costs for a period — shipped orders,
 * storage per location per day, surcharges — with the XLSX export. A lazy route in the settings section.
 */
export const invoicesArea = defineArea({
  id: 'invoices',
  i18n: { ns: 'invoices', load: () => import('./invoices.i18n.ts').then((m) => m.invoicesI18n) },
  routes: [
    {
      path: 'settings/invoices',
      layout: 'settings',
      screens: ['Invoices (date range, cost table, spreadsheet export)'],
      lazy: () => import('./invoices-page.tsx').then((m) => ({ Component: m.InvoicesPage })),
    },
  ],
  nav: [
    {
      key: 'settingsInvoices',
      to: PATHS.settingsInvoices,
      icon: 'receipt',
      section: 'settings',
      order: 125,
      needs: { method: 'GET', path: '/invoice/get/:start/:end' },
    },
  ],
});
