/**
 * An organisation's address on one line, as the inbound and direct check-in forms take it (spec 2 §2, §5 'prefilled
 * from the organisation'): its first line when it has one (shops made before the wizard), otherwise the wizard's
 * street and house number, postcode and city (spec 3 §3 Organisation address): 'Kaasmarkt 1, 2801 AB Gouda'. Empty
 * when neither is there.
 */
export function orgAddressLine(
  address:
    | {
        line1?: string | undefined;
        street?: string;
        houseNumber?: string;
        postalCode?: string;
        city?: string;
      }
    | null
    | undefined,
): string {
  const a = address ?? {};
  if (a.line1?.trim()) return a.line1.trim();
  const street = [a.street, a.houseNumber]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  const place = [a.postalCode, a.city]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return [street, place].filter(Boolean).join(', ');
}
