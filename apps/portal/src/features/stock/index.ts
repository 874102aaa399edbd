import { defineArea } from '../../app/area.ts';

/**
 * A product's stock (spec 2 §2 Product location widget with the Location history, Recount and Open transfers panels
 * of §6; issue 9): its locations, every change of them and its stock ledger, from the products list.
 */
export const stockArea = defineArea({
  id: 'stock',
  i18n: { ns: 'stock', load: () => import('./stock.i18n.ts').then((m) => m.stockI18n) },
  routes: [
    {
      path: 'products/:id',
      screens: [
        'Product location widget',
        'Other print actions (location label, EAN label, inbound QR, packing slip)',
        // The product panels of issue 15 (components/product-panels), mounted here until the product card exists.
        'Automation rules panel',
      ],
      note: 'EAN labels here; location labels on /locations, the inbound QR and ticket on the inbound page, the packing slip at the packing station',
      lazy: () => import('./product-stock-page.tsx').then((m) => ({ Component: m.ProductStockPage })),
    },
  ],
});
