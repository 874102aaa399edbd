import type { TFunction } from 'i18next';

const ID = '[0-9a-f]{24}';

/**
 * A stock ledger row's note as the location history shows it, in the UI language. The API writes its own rows' notes
 * in English for API clients and logs ('inbound item <id>', 'to B-02-03', 'scan <code>', 'Order BB-1 deleted', 'return
 * R-1 (quarantine)'): those become words of the UI's language, or nothing when the row's reason and order already say
 * it all (an inbound item's id means nothing to a merchant). A note a person wrote (a correction's reason) stays as
 * written; null for none.
 */
export function ledgerNote(t: TFunction<'stock'>, note: string | null): string | null {
  const text = note?.trim();
  if (!text) return null;
  if (new RegExp(`^inbound item ${ID}$`).test(text) || /^Order .+ deleted$/.test(text)) return null;
  const moved = new RegExp(`^(?:inbound item ${ID} )?to (.+)$`).exec(text);
  if (moved) return t('ledgerNote.to', { location: moved[1] });
  const scan = /^scan (.+)$/.exec(text);
  if (scan) return t('ledgerNote.scan', { code: scan[1] });
  const quarantined = /^return (\S+) \(quarantine\)$/.exec(text);
  if (quarantined) return t('ledgerNote.returnQuarantine', { number: quarantined[1] });
  const returned = /^return (\S+)$/.exec(text);
  if (returned) return returned[1] ?? null;
  if (text === 'linked as pick location') return t('ledgerNote.linked');
  if (text === 'Demo stock') return t('ledgerNote.demo');
  return text;
}
