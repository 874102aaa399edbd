/** Texts of the sales dashboard (beta; spec 3 §2 Sales dashboard). */
export const salesI18n = {
  en: {
    title: 'Sales dashboard (beta)',
    description:
      'Webshops selling on a marketplace that could become clients. The query chooses which leads are shown.',
    query: {
      label: 'Query',
      help: 'JSON: $match on name, address, products, delivery_time, updated, contacted, contact_link, profile_link with $eq, $ne, $lt, $lte, $gt, $gte, $in, $nin, $regex, $and, $or; $sort with 1 or -1. Dates: 2026-12-01, now, now-7d, now+12h.',
      run: 'Run query',
      reset: 'Default query',
    },
    col: {
      name: 'Name',
      address: 'Address',
      products: 'Products',
      delivery_time: 'Delivery time',
      updated: 'Updated',
      contacted: 'Contacted',
      actions: 'Links',
    },
    contactedLabel: 'Contacted {{name}}',
    contactedSince: 'Contacted on {{date}}',
    profile: 'Profile',
    contact: 'Contact',
    opensNewTab: '{{what}} of {{name}} (opens in a new tab)',
    empty: 'No leads match this query.',
    saveFailed: 'Could not save contacted for {{name}}',
  },
  nl: {
    title: 'Salesdashboard (bèta)',
    description:
      'Webshops die op een marktplaats verkopen en klant kunnen worden. De query bepaalt welke leads je ziet.',
    query: {
      label: 'Query',
      help: 'JSON: $match op name, address, products, delivery_time, updated, contacted, contact_link, profile_link met $eq, $ne, $lt, $lte, $gt, $gte, $in, $nin, $regex, $and, $or; $sort met 1 of -1. Datums: 2026-12-01, now, now-7d, now+12h.',
      run: 'Query uitvoeren',
      reset: 'Standaardquery',
    },
    col: {
      name: 'Naam',
      address: 'Adres',
      products: 'Producten',
      delivery_time: 'Levertijd',
      updated: 'Bijgewerkt',
      contacted: 'Benaderd',
      actions: 'Links',
    },
    contactedLabel: '{{name}} benaderd',
    contactedSince: 'Benaderd op {{date}}',
    profile: 'Profiel',
    contact: 'Contact',
    opensNewTab: '{{what}} van {{name}} (opent in een nieuw tabblad)',
    empty: 'Geen leads voor deze query.',
    saveFailed: 'Benaderd opslaan voor {{name}} is mislukt',
  },
};
