/** Texts of the shipments area (namespace 'shipments'). */
export const shipmentsI18n = {
  en: {
    title: 'Shipments',
  },
  nl: {
    title: 'Shipments',
  },
};
