import type { Server } from 'node:http';
import { closeServer, type FakeRequest, listen, readRequest } from './serve.ts';
import { sampleProducts, sendJson } from './sources-samples.ts';

/**
 * A local Mirakl marketplace, seller side (ADR 0108), built from Mirakl's public Marketplace Platform API reference
 * (OF21 "List offers", shop API; its error responses) without recordings: `GET /api/offers?max=…&offset=…` (max ≤ 100,
 * default 10; offset from 0) with the shop API key as the whole `Authorization` header, answering `{offers: […],
 * total_count}`; offers carry `offer_id`, `shop_sku`, `product_sku`, `product_title`, `product_references
 * [{reference_type, reference}]`, `quantity`, `price`, `active`, `state_code`. A wrong key is 401
 * `{message, status}`, as Mirakl answers errors.
 */
export interface MiraklFake {
  url: string;
  apiKey: string;
  offers: MiraklFakeOffer[];
  requests: FakeRequest[];
  /** Requests that do not fit the documented call (tests expect none). */
  invalid: string[];
  /** The next answer does not fit OF21 (an offer without offer_id, no total_count). */
  malformNext(): void;
  /**
   * After the next page is served, the offer at index `from` moves to index `to` (its total price changed: OF21
   * sorts by total price by default).
   */
  moveAfterNextPage(from: number, to: number): void;
  close(): Promise<void>;
}

export interface MiraklFakeOffer {
  offer_id: number;
  shop_sku: string;
  product_sku: string;
  product_title: string;
  product_references: { reference_type: string; reference: string }[];
}

/**
 * The default shop: ten offers from the sample; one without product references, one whose EAN is padded with spaces,
 * one with only a GTIN and an MPN, one with an MPN before its EAN.
 */
export function miraklCatalogue(): MiraklFakeOffer[] {
  return sampleProducts(10, 300).map((s, i) => {
    const refs =
      i === 2
        ? []
        : i === 4
          ? [{ reference_type: 'EAN', reference: `  ${s.ean} ` }]
          : i === 6
            ? [
                { reference_type: 'MPN', reference: `MPN-${i}` },
                { reference_type: 'GTIN', reference: s.ean },
              ]
            : i === 7
              ? [
                  { reference_type: 'MPN', reference: `MPN-${i}` },
                  { reference_type: 'EAN', reference: s.ean },
                ]
              : [{ reference_type: 'EAN', reference: s.ean }];
    return {
      offer_id: 2214 + i,
      shop_sku: `WINKEL-${String(i + 1).padStart(4, '0')}`,
      product_sku: `MKP${s.ean}`,
      product_title: s.name,
      product_references: refs,
    };
  });
}

/** Starts the Mirakl fake on a free port with `offers` (default {@link miraklCatalogue}). */
export async function startMiraklFake(offers = miraklCatalogue()): Promise<MiraklFake & { server: Server }> {
  const requests: FakeRequest[] = [];
  const invalid: string[] = [];
  const apiKey = '8b2f6c1e-5d4a-4c3b-9e7f-1a2b3c4d5e6f';
  let malformed = false;
  let move: { from: number; to: number } | null = null;
  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    requests.push(r);
    if (r.method !== 'GET' || r.path !== '/api/offers') {
      invalid.push(`${r.method} ${r.path}`);
      return sendJson(res, 404, { message: 'Not Found', status: 404 });
    }
    if (r.headers.authorization !== apiKey)
      return sendJson(res, 401, { message: 'Unauthorized', status: 401 });
    const max = Number(r.query.max ?? 10);
    const offset = Number(r.query.offset ?? 0);
    if (!Number.isInteger(max) || max < 1 || max > 100 || !Number.isInteger(offset) || offset < 0) {
      invalid.push(`max=${r.query.max} offset=${r.query.offset}`);
      return sendJson(res, 400, {
        message: 'Invalid max or offset (max must be between 1 and 100)',
        status: 400,
      });
    }
    if (malformed) {
      malformed = false;
      return sendJson(res, 200, { offers: [{ shop_sku: 'X' }] });
    }
    const page = offers.slice(offset, offset + max);
    if (move) {
      const [moved] = offers.splice(move.from, 1);
      if (moved) offers.splice(move.to, 0, moved);
      move = null;
    }
    return sendJson(res, 200, {
      offers: page.map((o, i) => ({
        ...o,
        active: true,
        quantity: 12 + i,
        price: 4.99,
        total_price: 4.99,
        currency_iso_code: 'EUR',
        state_code: '11',
        category_code: 'food',
        leadtime_to_ship: 1,
      })),
      total_count: offers.length,
    });
  });
  return {
    server,
    url,
    apiKey,
    offers,
    requests,
    invalid,
    malformNext() {
      malformed = true;
    },
    moveAfterNextPage(from, to) {
      move = { from, to };
    },
    close: () => closeServer(server),
  };
}
