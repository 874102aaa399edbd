/**
 * The product list of a merchant's own shop platform, one adapter per platform (spec 3 §7 Sync: `GET
 * /products/sync/woo`, `/shopify`, `/lightspeed`, `/shopware`, `/mirakl`, `/channel_engine`; §3 Custom API
 * connection: url, api_key, encrypted_secret, platform_lang). Each adapter reads the platform's public API through
 * {@link import('../http-client.ts').outsideClient} and maps what it lists to {@link ShopProduct}; the sync service
 * (modules/connections) links or creates our products from them. No contract recordings exist for these platforms in
 * ../shared/contracts: adapters and their fakes follow the platforms' public API documentation (ADR 0046's rule).
 */

/** The shop platforms whose product list can be synchronised, as the spec's paths name them. */
export const SHOP_PLATFORMS = [
  'woo',
  'shopify',
  'lightspeed',
  'shopware',
  'mirakl',
  'channel_engine',
] as const;
export type ShopPlatform = (typeof SHOP_PLATFORMS)[number];

/**
 * One sellable unit as the platform lists it: a simple product, or each variant of a product with variants (a
 * variant is what a warehouse picks and has its own EAN).
 */
export interface ShopProduct {
  /** The platform's own id of the unit (the variant's id where there are variants), as text; unique per connection. */
  ref: string;
  /** The name a picker sees: the product's title, with the variant's own title after ' – ' when it has one. */
  name: string;
  /** EAN / GTIN / barcode as the platform holds it, trimmed; null when the platform has none for the unit. */
  ean: string | null;
  /** The merchant's SKU (article number) on the platform, trimmed; null when none. */
  sku: string | null;
  /** An absolute https URL of the unit's (or its product's) main image; null when none. */
  imageUrl: string | null;
}

/** What an adapter needs to reach one merchant's shop: the API connection's fields, the secret decrypted. */
export interface ShopCredentials {
  /**
   * The shop's base URL as the merchant entered it (e.g. `https://winkel.nl` for WooCommerce, `https://winkel.myshopify.com`
   * for Shopify, the Shopware or Mirakl instance, ChannelEngine's tenant URL); Lightspeed's API cluster otherwise.
   */
  url: string;
  /** The connection's key (consumer key, access token, API key or client id, per platform). */
  apiKey: string;
  /** The connection's secret (consumer secret, client secret, API secret); null where the platform needs none. */
  secret: string | null;
  /** The connection's language (Lightspeed's shop language in its paths; others ignore it). */
  lang: 'NL' | 'EN' | 'DE' | 'IT' | 'FR';
}

/** Limits every adapter keeps, so one sync stays bounded (a shop with more units is synchronised in part and says so). */
export const SHOP_SYNC_MAX_UNITS = 20_000;

/** A platform's product list, read page by page. */
export interface ShopProductSource {
  platform: ShopPlatform;
  /** The platform's name in messages ('WooCommerce', 'Shopify', 'Lightspeed', 'Shopware', 'Mirakl', 'ChannelEngine'). */
  service: string;
  /**
   * Yields the shop's units a page at a time, in the platform's order, until it has no more or
   * {@link SHOP_SYNC_MAX_UNITS} were yielded. Throws `OutsideServiceError` (http-client.ts) with the platform's own
   * message when it refuses (bad credentials: code `http_401`/`http_403`), does not answer or answers something
   * unreadable (`malformed_answer`); with `via.fetch`, one that refuses the shop's address fails as `host_not_public`.
   */
  pages(creds: ShopCredentials, via?: ShopConnection): AsyncIterable<ShopProduct[]>;
}

/** How a source reaches the shop: the `fetch` its outside client sends with (default the global one). */
export interface ShopConnection {
  /** shops/public-host.ts `publicOnlyFetch` unless the configuration allows private shop hosts (ADR 0112). */
  fetch?: typeof fetch;
}
