/** Texts of the products area (namespace 'products'). */
export const productsI18n = {
  en: {
    title: 'Products',
  },
  nl: {
    title: 'Products',
  },
};
