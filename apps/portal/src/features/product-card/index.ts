import { defineArea } from '../../app/area.ts';

/**
 * The product card (spec 3 §2 Product item card with its panels; issue 15) with the product's locations (spec 2 §2
 * Product location widget, the Location history, Recount and Open transfers panels of §6; issue 9), from the products
 * list.
 */
export const productCardArea = defineArea({
  id: 'product-card',
  i18n: { ns: 'stock', load: () => import('./product-card.i18n.ts').then((m) => m.stockI18n) },
  routes: [
    {
      path: 'products/:id',
      screens: [
        'Product item card + expandable panels',
        'Automation rules panel',
        'Product location widget',
        'Other print actions (location label, EAN label, inbound QR, packing slip)',
      ],
      note: 'EAN labels here; location labels on /locations, the inbound QR and ticket on the inbound page, the packing slip at the packing station',
      lazy: () => import('./product-card-page.tsx').then((m) => ({ Component: m.ProductCardPage })),
    },
  ],
});
