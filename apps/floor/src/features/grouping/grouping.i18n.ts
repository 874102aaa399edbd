/**
 * Texts of the Order grouping task (issue 11 item 3; spec 2 §2 Order grouping). The prompts are the spec's words;
 * Dutch first, English for staff whose browser speaks it.
 */
export const groupingTexts = {
  nl: {
    title: 'Orders groeperen',
    scanSource: 'SCAN EAN/LOCATIE EN VERPLAATS',
    scanDestination: 'SCAN BESTEMMING',
    scanNewDestination: 'SCAN NIEUWE BESTEMMING',
    // the scan field's placeholders: the prompt above says it in full, a 390 px field holds only this much
    scanSourceShort: 'EAN of locatie',
    scanDestinationShort: 'Bestemming',
    scanNewDestinationShort: 'Nieuwe bestemming',
    keyboard: 'Toetsenbord',
    camera: 'Camera',
    cameraFailed: 'De camera kan niet worden gebruikt op dit toestel.',
    torch: 'Lamp',
    close: 'Sluiten',
    location: 'Locatie',
    quantity: 'Aantal',
    ean: 'EAN',
    order: 'Order',
    groupedIn: 'Order staat in {{name}}',
    capacity: 'Orders per pick-kar',
    previous: 'Vorige',
    next: 'Volgende',
    skipped: '{{count}} overgeslagen',
    filterOn: 'Alleen {{name}}',
    empty: 'Niets te groeperen.',
    wrong: 'Verkeerde scan: {{code}}',
    wrongGroup: 'Deze order staat al in {{name}}',
    productFirst: 'Eerst het product: scan de EAN of de locatie {{name}}.',
    offlineList:
      'Geen verbinding: groeperen kan alleen online. De lijst komt terug zodra je weer online bent.',
    offlineStored:
      'Geen verbinding: dit is de lijst van {{time}}. Groeperen kan alleen online; de producten blijven op hun locatie.',
    offlineNow:
      'Geen verbinding: groeperen kan alleen online. Laat de producten op hun locatie tot je weer online bent.',
    offlineScan:
      'Geen verbinding: {{title}} kan nu niet in een kar. Laat het op {{location}} liggen en scan het opnieuw zodra je weer online bent.',
    inactive: 'Deze locatie is niet actief: scan een andere bestemming.',
    holdsStock: 'Op {{name}} ligt voorraad: dat is geen kar of groeplocatie. Scan een andere bestemming.',
    thisLocation: 'deze locatie',
    groupedMeanwhile:
      'Deze order is intussen in een andere kar gezet. De lijst is bijgewerkt: scan de kar die bij de order staat.',
    notPicked: 'Deze regel is nog niet helemaal gepickt en kan nog niet gegroepeerd worden.',
    notWaiting:
      'Deze regel wacht niet meer op groeperen (al verplaatst of de order is gewijzigd). De lijst is bijgewerkt.',
    moved: '{{title}} naar {{name}}',
    movedComplete: '{{title}} naar {{name}} · order {{order}} is compleet',
    more: '+{{count}} meer op deze locatie',
    offline:
      'Geen verbinding: {{title}} is niet verplaatst; leg het nog niet in de kar. Scan de bestemming opnieuw zodra je weer online bent.',
  },
  en: {
    title: 'Order grouping',
    scanSource: 'SCAN EAN/LOCATION AND MOVE',
    scanDestination: 'SCAN DESTINATION',
    scanNewDestination: 'SCAN NEW DESTINATION',
    scanSourceShort: 'EAN or location',
    scanDestinationShort: 'Destination',
    scanNewDestinationShort: 'New destination',
    keyboard: 'Keyboard',
    camera: 'Camera',
    cameraFailed: 'The camera cannot be used on this device.',
    torch: 'Torch',
    close: 'Close',
    location: 'Location',
    quantity: 'Quantity',
    ean: 'EAN',
    order: 'Order',
    groupedIn: 'Order is in {{name}}',
    capacity: 'Orders per pick cart',
    previous: 'Previous',
    next: 'Next',
    skipped: '{{count}} skipped',
    filterOn: 'Only {{name}}',
    empty: 'Nothing to group.',
    wrong: 'Wrong scan: {{code}}',
    wrongGroup: 'This order is grouped in {{name}}',
    productFirst: 'The product first: scan the EAN or the location {{name}}.',
    offlineList: 'No connection: grouping works online only. The list comes back once you are online again.',
    offlineStored:
      'No connection: this is the list of {{time}}. Grouping works online only; the products stay on their location.',
    offlineNow:
      'No connection: grouping works online only. Leave the products on their location until you are back online.',
    offlineScan:
      'No connection: {{title}} cannot go into a cart now. Leave it on {{location}} and scan it again once you are back online.',
    inactive: 'This location is not active: scan another destination.',
    holdsStock: 'Stock lies on {{name}}: it is no cart or grouping location. Scan another destination.',
    thisLocation: 'this location',
    groupedMeanwhile:
      'This order was put in another cart meanwhile. The list is up to date again: scan the cart the order shows.',
    notPicked: 'This line is not fully picked yet and cannot be grouped.',
    notWaiting:
      'This line no longer waits for grouping (moved already, or the order changed). The list is up to date again.',
    moved: '{{title}} to {{name}}',
    movedComplete: '{{title}} to {{name}} · order {{order}} is complete',
    more: '+{{count}} more on this location',
    offline:
      'No connection: {{title}} was not moved; do not put it in the cart yet. Scan the destination again once you are back online.',
  },
} as const;
