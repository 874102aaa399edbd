/** Texts of the orders area (namespace 'orders'). */
export const ordersI18n = {
  en: {
    title: 'Orders',
  },
  nl: {
    title: 'Orders',
  },
};
