/** Texts of the organisation (shop) screens of the portal shell (namespace 'orgs'; spec 3 §2 Shops). */
export const orgsI18n = {
  en: {
    add: {
      title: 'Create your shop',
      noOrg:
        'Your account is not linked to a shop yet. Create your shop here, or ask the owner of an existing shop to add you as a user.',
      intro: 'A shop is the organisation whose orders, products and stock the warehouse handles.',
      later: 'The full shop set-up (address, invoicing, integrations) follows in a later release.',
      name: 'Shop name',
      contactPerson: 'Contact person',
      contactEmail: 'Contact email address',
      phone: 'Phone number',
      submit: 'Create shop',
      created: '{{name}} has been created',
    },
  },
  nl: {
    add: {
      title: 'Maak je winkel aan',
      noOrg:
        'Je account is nog niet aan een winkel gekoppeld. Maak hier je winkel aan, of vraag de eigenaar van een bestaande winkel om je als gebruiker toe te voegen.',
      intro: 'Een winkel is de organisatie waarvan het magazijn de orders, producten en voorraad beheert.',
      later:
        'De volledige inrichting van je winkel (adres, facturatie, koppelingen) volgt in een latere versie.',
      name: 'Naam van de winkel',
      contactPerson: 'Contactpersoon',
      contactEmail: 'E-mailadres contactpersoon',
      phone: 'Telefoonnummer',
      submit: 'Winkel aanmaken',
      created: '{{name}} is aangemaakt',
    },
  },
};
