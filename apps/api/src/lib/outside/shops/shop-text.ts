import { SHOP_SYNC_MAX_UNITS, type ShopProduct } from './source.ts';

/**
 * Helpers the shop adapters share to map a platform's fields to {@link ShopProduct} (ADR 0107): trimmed single-line
 * text, https image URLs only and the unit cap (the unit's name: sources-kit.ts `unitName`).
 */

/** Text of a platform field, trimmed, control characters and runs of white space folded to one space; null when empty. */
export function shopText(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  let folded = '';
  for (const ch of String(v)) {
    const code = ch.charCodeAt(0);
    // Control characters become spaces; a lone surrogate (no text a shop means) the replacement character.
    folded +=
      code < 32 || code === 127 ? ' ' : code >= 0xd800 && code <= 0xdfff && ch.length === 1 ? '\ufffd' : ch;
  }
  const s = folded.replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

/** An absolute https URL of at most 2048 characters, else null (the contract's imageUrl; http images would not load). */
export function httpsUrl(v: unknown): string | null {
  const s = shopText(v);
  if (!s || s.length > 2048 || !/^https:\/\/[^\s]+$/i.test(s)) return null;
  return s;
}

/**
 * Yields `page` cut so that no more than {@link SHOP_SYNC_MAX_UNITS} units are yielded over a whole read (`seen` is
 * the count before this page); returns the new count. The caller stops reading once it reaches the cap.
 */
export function capPage(page: ShopProduct[], seen: number): ShopProduct[] {
  return page.slice(0, Math.max(0, SHOP_SYNC_MAX_UNITS - seen));
}
