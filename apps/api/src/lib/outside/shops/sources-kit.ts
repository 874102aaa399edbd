import { OutsideServiceError } from '../http-client.ts';
import { SHOP_SYNC_MAX_UNITS, type ShopConnection, type ShopProduct } from './source.ts';

/**
 * Small pieces the shop product sources share (ADR 0107, 0108): reading a platform's own error message out of a
 * refusal, single-line text, absolute https image URLs, the ' – ' name rule, the unit cap and the options every source
 * factory takes. One set for all six adapters (the first two had their own shop-text.ts until 2026-11-30).
 */

/** Options of every source factory (tests shrink pages and limits; production uses the defaults). */
export interface ShopSourceOptions {
  /** Most units one sync yields; default {@link SHOP_SYNC_MAX_UNITS}. */
  maxUnits?: number;
  /** Units asked per page where the platform lets the caller choose; default the platform's maximum. */
  pageSize?: number;
  /** Outside-client retries after the first attempt (default 3) and their backoff in ms (default 300). */
  retries?: number;
  backoffMs?: number;
  /** Longest wait a Retry-After header may ask for, in ms; default the client's. */
  maxRetryAfterMs?: number;
  /** Time allowed per attempt in ms; default 15,000. */
  timeoutMs?: number;
}

/** The limit a source keeps: the option, else {@link SHOP_SYNC_MAX_UNITS}. */
export function unitLimit(opts: ShopSourceOptions): number {
  return opts.maxUnits ?? SHOP_SYNC_MAX_UNITS;
}

/** The outside-client settings of the options and the connection (undefined fields keep the client's defaults). */
export function clientSettings(opts: ShopSourceOptions, via: ShopConnection = {}) {
  return {
    fetch: via.fetch,
    retries: opts.retries,
    backoffMs: opts.backoffMs,
    maxRetryAfterMs: opts.maxRetryAfterMs,
    timeoutMs: opts.timeoutMs,
  };
}

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

/**
 * The base URL the merchant entered without trailing slashes and without a trailing `/api` (the adapters add the
 * API's own path), e.g. `https://winkel.nl/api/` → `https://winkel.nl`.
 */
export function shopBase(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api$/i, '');
}

/**
 * An image URL made absolute: `//cdn/x.jpg` gets https, a path is resolved against `base`; anything that is not an
 * https URL of at most 2,048 characters afterwards (empty, `data:`, `http:`, unparsable) is null (ShopProduct.imageUrl).
 */
export function absoluteImageUrl(raw: unknown, base?: string): string | null {
  const t = shopText(raw);
  if (!t) return null;
  try {
    const u = t.startsWith('//') ? new URL(`https:${t}`) : base ? new URL(t, `${base}/`) : new URL(t);
    const href = u.toString();
    // The contract's imageUrl (source.ts): https only, as the portal and the floor are served; an http image would
    // not load there (mixed content).
    return u.protocol === 'https:' && href.length <= 2048 ? href : null;
  } catch {
    return null;
  }
}

/** A unit's name: the product's title, with the variant's own title after ' – ' when it has one (ShopProduct.name). */
export function unitName(productTitle: string | null, variantTitle: string | null): string {
  const product = shopText(productTitle);
  const variant = shopText(variantTitle);
  if (!product) return variant ?? '';
  if (!variant || variant.toLowerCase() === product.toLowerCase()) return product;
  return `${product} – ${variant}`;
}

/** Reads a JSON string member `"name": "…"` out of a text that may be cut short (the outside client keeps 200 chars). */
function stringMember(text: string, names: string[]): string | null {
  for (const name of names) {
    const m = new RegExp(`"${name}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
    if (m?.[1] !== undefined) {
      try {
        return shopText(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        return shopText(m[1]);
      }
    }
  }
  return null;
}

/**
 * Runs one platform call and, when it is refused, puts the platform's own message on the error. The outside client
 * knows bol's, OAuth's, DHL's and PostNL's error bodies; for the others it keeps the body's first 200 characters
 * as the message. `read` takes the parsed body and answers the platform's message (or null); when the body is not
 * parseable (cut short), the first of `members` found in the text is used. Code and status stay as the client set
 * them (`http_401`, `http_403`, …).
 */
export async function withPlatformMessage<T>(
  service: string,
  read: (body: unknown) => string | null,
  members: string[],
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof OutsideServiceError) || err.status === null || err.code === 'malformed_answer')
      throw err;
    const prefix = `${service}: `;
    const raw = err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
    let message: string | null = null;
    try {
      message = read(JSON.parse(raw));
    } catch {
      message = stringMember(raw, members);
    }
    if (!message) throw err;
    throw new OutsideServiceError(service, err.status, err.code, message);
  }
}

/** An error of a source that has no secret where its platform needs one (the connection is incomplete). */
export function missingSecret(service: string): OutsideServiceError {
  return new OutsideServiceError(service, null, 'missing_secret', 'the connection has no API secret');
}

/**
 * `page` cut so that no more than {@link SHOP_SYNC_MAX_UNITS} units are taken over a whole read (`seen`: the units
 * taken before this page). The caller stops reading once it reaches the cap.
 */
export function capPage(page: ShopProduct[], seen: number): ShopProduct[] {
  return page.slice(0, Math.max(0, SHOP_SYNC_MAX_UNITS - seen));
}
