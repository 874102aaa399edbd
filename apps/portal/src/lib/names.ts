/**
 * Names in one line of a list (an inbound's products, the bundles a product is part of), joined by ' · ': product
 * names hold commas themselves ('Jam, aardbei 450 g'), so a comma between them would not tell where one ends.
 */
export function joinNames(names: readonly string[]): string {
  return names.join(' · ');
}
