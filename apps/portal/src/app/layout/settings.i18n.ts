/** Texts of the settings side navigation (namespace 'settings'; spec 3 §2). */
export const settingsI18n = {
  en: {
    title: 'Settings',
    nav: {
      org: 'Shop settings',
      users: 'Users',
      user: 'My account',
      subscription: 'Subscription',
      invoices: 'Invoices',
      apis: 'API connections',
    },
  },
  nl: {
    title: 'Instellingen',
    nav: {
      org: 'Winkelinstellingen',
      users: 'Gebruikers',
      user: 'Mijn account',
      subscription: 'Abonnement',
      invoices: 'Facturen',
      apis: 'API-koppelingen',
    },
  },
};
