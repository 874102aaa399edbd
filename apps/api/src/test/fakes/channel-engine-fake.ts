import type { Server } from 'node:http';
import { closeServer, type FakeRequest, listen, readRequest } from './serve.ts';
import { sampleProducts, sendJson } from './sources-samples.ts';

/**
 * A local ChannelEngine Merchant API (ADR 0108), built from ChannelEngine's public API reference (Merchant API v2,
 * "Get products", authentication by API key, the response envelope) without recordings: `GET /api/v2/products?page=N`
 * (1-based; the server's `ItemsPerPage`, 100 on ChannelEngine, smaller here by option) with the key in `X-CE-KEY` (or
 * the `apikey` query parameter), answering the collection envelope `{Content, Count, TotalCount, ItemsPerPage,
 * StatusCode, RequestId, LogId, Success, Message, ExceptionType, ValidationErrors}`; products carry
 * `MerchantProductNo`, `ParentMerchantProductNo`, `Name`, `Ean`, `ImageUrl`, `Size`, `Color`, `Brand`, `Stock`,
 * `Price`. A wrong key is 401 and a key without the products permission 403, both in the envelope with
 * `Success: false` and a `Message`.
 */
export interface ChannelEngineFake {
  url: string;
  apiKey: string;
  products: ChannelEngineFakeProduct[];
  requests: FakeRequest[];
  /** Requests that do not fit the documented call (tests expect none). */
  invalid: string[];
  /** The next answer does not fit (a product without MerchantProductNo). */
  malformNext(): void;
  /** The next answer is 403: the key lacks the permission to read products. */
  forbidNext(): void;
  /** The next answer is 200 with `Success: false` and a Message (the envelope allows it; the adapter guards it). */
  refuseInEnvelopeNext(): void;
  close(): Promise<void>;
}

export interface ChannelEngineFakeProduct {
  MerchantProductNo: string;
  ParentMerchantProductNo: string | null;
  Name: string;
  Ean: string | null;
  ImageUrl: string | null;
  Size: string | null;
  Color: string | null;
}

/**
 * The default catalogue: seven products (one without EAN, one with an EAN padded with spaces, one with an empty image
 * URL) and a parent with two children by size — one whose name already ends in its size. Ten products.
 */
export function channelEngineCatalogue(): ChannelEngineFakeProduct[] {
  const s = sampleProducts(10, 400);
  const rows: ChannelEngineFakeProduct[] = s.slice(0, 7).map((p, i) => ({
    MerchantProductNo: `CE-${1001 + i}`,
    ParentMerchantProductNo: null,
    Name: p.name,
    Ean: i === 1 ? null : i === 3 ? `${p.ean}   ` : p.ean,
    ImageUrl: i === 5 ? '' : p.imageUrl,
    Size: null,
    Color: null,
  }));
  const parent = s[7] as (typeof s)[number];
  rows.push({
    MerchantProductNo: 'CE-2000',
    ParentMerchantProductNo: null,
    Name: parent.name,
    Ean: null,
    ImageUrl: parent.imageUrl,
    Size: null,
    Color: null,
  });
  rows.push({
    MerchantProductNo: 'CE-2000-500',
    ParentMerchantProductNo: 'CE-2000',
    Name: parent.name,
    Ean: (s[8] as (typeof s)[number]).ean,
    ImageUrl: parent.imageUrl,
    Size: '500 g',
    Color: null,
  });
  rows.push({
    MerchantProductNo: 'CE-2000-1000',
    ParentMerchantProductNo: 'CE-2000',
    Name: `${parent.name} 1 kg`,
    Ean: (s[9] as (typeof s)[number]).ean,
    ImageUrl: null,
    Size: '1 kg',
    Color: null,
  });
  return rows;
}

const envelope = (status: number, message: string | null) => ({
  StatusCode: status,
  RequestId: null,
  LogId: null,
  Success: status < 400,
  Message: message,
  ExceptionType: null,
  ValidationErrors: {},
});

/** Starts the ChannelEngine fake on a free port; `itemsPerPage` is the page size ChannelEngine answers with. */
export async function startChannelEngineFake(
  opts: { itemsPerPage?: number; products?: ChannelEngineFakeProduct[] } = {},
): Promise<ChannelEngineFake & { server: Server }> {
  const products = opts.products ?? channelEngineCatalogue();
  const perPage = opts.itemsPerPage ?? 100;
  const requests: FakeRequest[] = [];
  const invalid: string[] = [];
  const apiKey = 'f0e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d';
  let malformed = false;
  let forbidden = false;
  let refused = false;
  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    requests.push(r);
    if (r.method !== 'GET' || r.path !== '/api/v2/products') {
      invalid.push(`${r.method} ${r.path}`);
      return sendJson(res, 404, envelope(404, 'Not found'));
    }
    const given = r.headers['x-ce-key'] ?? r.query.apikey ?? '';
    // ChannelEngine's own answer to an unknown key (support article "ChannelEngine: get API access").
    if (given !== apiKey) return sendJson(res, 401, envelope(401, `API key is unknown: ${given}`));
    if (forbidden) {
      forbidden = false;
      return sendJson(res, 403, envelope(403, 'This API key does not have permission to access products'));
    }
    if (refused) {
      refused = false;
      return sendJson(res, 200, {
        ...envelope(200, 'Products could not be read at this moment'),
        Success: false,
        Content: null,
        TotalCount: 0,
        ItemsPerPage: perPage,
      });
    }
    const page = Number(r.query.page ?? 1);
    if (!Number.isInteger(page) || page < 1) {
      invalid.push(`page=${r.query.page}`);
      return sendJson(res, 400, envelope(400, 'The page must be 1 or more'));
    }
    if (malformed) {
      malformed = false;
      return sendJson(res, 200, {
        ...envelope(200, null),
        Content: [{ Name: 'no number' }],
        TotalCount: 1,
        ItemsPerPage: perPage,
      });
    }
    const slice = products.slice((page - 1) * perPage, page * perPage);
    return sendJson(res, 200, {
      Content: slice.map((p) => ({
        ...p,
        Brand: 'Huismerk',
        Stock: 25,
        Price: 3.49,
        VatRateType: 'REDUCED',
        ExtraData: [],
      })),
      Count: slice.length,
      TotalCount: products.length,
      ItemsPerPage: perPage,
      ...envelope(200, null),
    });
  });
  return {
    server,
    url,
    apiKey,
    products,
    requests,
    invalid,
    malformNext() {
      malformed = true;
    },
    forbidNext() {
      forbidden = true;
    },
    refuseInEnvelopeNext() {
      refused = true;
    },
    close: () => closeServer(server),
  };
}
