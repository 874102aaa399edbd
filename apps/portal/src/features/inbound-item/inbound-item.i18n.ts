/**
 * Texts of the inbound item screens at the desk (namespace 'inboundItem'; spec 2 §2 Inbound item detail, Scanner /
 * inbound item lookup, §8). The spec's Dutch messages are used verbatim ('Loading data...', 'Geen inbound item
 * gevonden').
 */
const en = {
  loading: 'Loading data...',
  notFound: 'Geen inbound item gevonden',
  back: 'Inbound {{number}}',
  title: '{{name}}',
  subtitle: 'EAN {{ean}}{{bsku}} · {{org}} · inbound {{number}}',
  status: { pending: 'Being checked in', checked_in: 'Checked in' },
  counts: {
    expected: 'Expected',
    delivered: 'Delivered',
    transit: 'Still to come',
    boxes: 'Boxes in',
    per: '{{units}} boxes × {{per}}',
  },
  floor: 'Check in on the floor app',
  client: {
    title: 'Client and delivery',
    trackTrace: 'Track & Trace',
    expected: 'expected',
    types: { package: 'Package', pallet: 'Pallet', container_other: 'Container / other' },
  },
  place: {
    title: 'Put pieces on a location',
    hint: 'Count the pieces, choose one of the reserved locations, then place them.',
    amount: 'Pieces',
    location: 'Location',
    submit: 'Place {{count}} pcs',
    done: '{{count}} pcs on {{name}}',
    noLocation: 'Find a location first (reserved locations).',
  },
  finder: {
    title: 'Reserved locations',
    none: 'No location reserved yet.',
    find: 'Find locations',
    howMany: 'How many',
    drop: 'Drop {{name}}',
    clear: 'Drop all',
    stock: '{{count}} pcs there',
  },
  transfers: {
    title: 'Transfers',
    none: 'No transfers.',
    line: '{{stock}} pcs moved {{date}}',
  },
  details: {
    title: 'Check-in details',
    notes: 'Notes',
    batch: 'Batch number',
    expiry: 'Expiry date',
    closed: 'Package was closed',
    saved: 'Saved',
  },
  extra: {
    title: 'Extra work',
    none: 'No extra work.',
    description: 'What',
    cost: 'Cost per time (€)',
    amount: 'Times',
    add: 'Add extra work',
    remove: 'Remove {{description}}',
    total: 'Extra work total',
    badCost: 'Enter the cost in euro, e.g. 2,50.',
  },
  photos: {
    title: 'Photos',
    none: 'No photos.',
    add: 'Add a photo (jpeg, png or webp, at most 5 MB)',
    alt: 'Photo {{n}}',
  },
  confirm: 'Confirm',
  confirmShort: 'Confirm ({{count}} pieces short)',
  confirmed: 'Item confirmed',
  readOnly: 'This item is checked in: it can no longer be changed.',
  quarantineRefused:
    'Not placed: the location is a quarantine location, nothing there is ever picked. Find another location.',
  reservedRefused:
    'Not placed: the location is also reserved for another product of an inbound. Choose another location.',
  reservedRefused_own:
    'Not placed: {{location}} is also reserved for {{product}} of inbound {{inbound}}. Choose another location.',
  reservedRefused_other:
    'Not placed: {{location}} is also reserved for an inbound of another shop. Choose another location.',
  lookup: {
    title: 'Find an inbound item',
    hint: 'Scan the inbound’s QR label or type an inbound or item id.',
    label: 'QR code or id',
    open: 'Open',
    invalid: 'That is not an inbound or item id (24 characters, 0-9 and a-f).',
  },
};

const nl: typeof en = {
  loading: 'Loading data...',
  notFound: 'Geen inbound item gevonden',
  back: 'Inbound {{number}}',
  title: '{{name}}',
  subtitle: 'EAN {{ean}}{{bsku}} · {{org}} · inbound {{number}}',
  status: { pending: 'Wordt ingecheckt', checked_in: 'Ingecheckt' },
  counts: {
    expected: 'Verwacht',
    delivered: 'Geleverd',
    transit: 'Nog onderweg',
    boxes: 'Dozen binnen',
    per: '{{units}} dozen × {{per}}',
  },
  floor: 'Inchecken in de floor-app',
  client: {
    title: 'Klant en levering',
    trackTrace: 'Track & Trace',
    expected: 'verwacht',
    types: { package: 'Pakket', pallet: 'Pallet', container_other: 'Container / anders' },
  },
  place: {
    title: 'Stuks op een locatie zetten',
    hint: 'Tel de stuks, kies een van de gereserveerde locaties en zet ze erop.',
    amount: 'Stuks',
    location: 'Locatie',
    submit: '{{count}} st. plaatsen',
    done: '{{count}} st. op {{name}}',
    noLocation: 'Zoek eerst een locatie (gereserveerde locaties).',
  },
  finder: {
    title: 'Gereserveerde locaties',
    none: 'Nog geen locatie gereserveerd.',
    find: 'Locaties zoeken',
    howMany: 'Hoeveel',
    drop: '{{name}} vrijgeven',
    clear: 'Alles vrijgeven',
    stock: '{{count}} st. aanwezig',
  },
  transfers: {
    title: 'Verplaatsingen',
    none: 'Geen verplaatsingen.',
    line: '{{stock}} st. verplaatst {{date}}',
  },
  details: {
    title: 'Gegevens van de check-in',
    notes: 'Notities',
    batch: 'Batchnummer',
    expiry: 'Houdbaarheidsdatum',
    closed: 'Verpakking was gesloten',
    saved: 'Opgeslagen',
  },
  extra: {
    title: 'Extra werk',
    none: 'Geen extra werk.',
    description: 'Wat',
    cost: 'Kosten per keer (€)',
    amount: 'Aantal keer',
    add: 'Extra werk toevoegen',
    remove: '{{description}} verwijderen',
    total: 'Totaal extra werk',
    badCost: 'Vul de kosten in euro in, bijv. 2,50.',
  },
  photos: {
    title: 'Foto’s',
    none: 'Geen foto’s.',
    add: 'Foto toevoegen (jpeg, png of webp, max. 5 MB)',
    alt: 'Foto {{n}}',
  },
  confirm: 'Bevestigen',
  confirmShort: 'Bevestigen ({{count}} stuks te weinig)',
  confirmed: 'Item bevestigd',
  readOnly: 'Dit item is ingecheckt: het kan niet meer worden gewijzigd.',
  quarantineRefused:
    'Niet geplaatst: de locatie is een quarantainelocatie, daar wordt nooit van gepickt. Zoek een andere locatie.',
  reservedRefused:
    'Niet geplaatst: de locatie is ook gereserveerd voor een ander product van een inbound. Kies een andere locatie.',
  reservedRefused_own:
    'Niet geplaatst: {{location}} is ook gereserveerd voor {{product}} van inbound {{inbound}}. Kies een andere locatie.',
  reservedRefused_other:
    'Niet geplaatst: {{location}} is ook gereserveerd voor een inbound van een andere shop. Kies een andere locatie.',
  lookup: {
    title: 'Inbound item zoeken',
    hint: 'Scan het QR-label van de inbound of typ een inbound- of item-id.',
    label: 'QR-code of id',
    open: 'Openen',
    invalid: 'Dat is geen inbound- of item-id (24 tekens, 0-9 en a-f).',
  },
};

export const inboundItemI18n = { en, nl };
