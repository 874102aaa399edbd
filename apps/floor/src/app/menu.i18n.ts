/** Texts of the floor menu. */
export const menuTexts = {
  nl: {
    title: 'Taken',
    hello: 'Hoi {{name}}',
    pick: 'Picken',
    pickHint: 'Orders verzamelen met de scanner',
    locations: 'Locaties',
    locationsHint: 'Product op een locatie zetten, voorraad tellen, verplaatsen',
    scanner: 'Scanner instellen',
    scannerHint: 'Test een scan en zie wat de scanner stuurt',
    none: 'Voor jouw rol zijn er geen taken op de vloer.',
    version: 'Versie {{build}}',
  },
  en: {
    title: 'Tasks',
    hello: 'Hi {{name}}',
    pick: 'Pick',
    pickHint: 'Collect orders with the scanner',
    locations: 'Locations',
    locationsHint: 'Put a product on a location, count stock, move it',
    scanner: 'Scanner set-up',
    scannerHint: 'Test a scan and see what the scanner sends',
    none: 'Your role has no floor tasks.',
    version: 'Version {{build}}',
  },
} as const;
