import type { Server } from 'node:http';
import { closeServer, listen, readRequest } from './serve.ts';

/**
 * A local VIES (ADR 0051), built from the public documentation of the VIES REST API (the OpenAPI description behind
 * https://ec.europa.eu/taxation_customs/vies/#/technical-information, as generated into client models such as
 * `CheckVatRequest`, `CheckVatResponse`, `CommonResponse`/`ErrorWrapper`): `POST /check-vat-number` with a JSON body
 * `{countryCode, vatNumber}` (the number without its country prefix) answers 200
 * `{countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address}`; an unknown number is
 * `valid: false` with name and address '---'; a malformed request 400 `{actionSucceed: false, errorWrappers:
 * [{error: 'INVALID_INPUT'}]}`; a member state that is down 500 `{…error: 'MS_UNAVAILABLE'}`. Requests that do not
 * fit (wrong path, method, content type, body) are listed in `invalid` (tests expect it empty).
 */
export interface ViesFake {
  url: string;
  /** Registered traders: `NL123456789B01` → name and address as VIES gives them. */
  traders: Map<string, { name: string; address: string }>;
  /** Requests that did not fit the documented call. */
  invalid: string[];
  /** How many check-vat-number calls arrived. */
  calls: number;
  /** Answer the next `n` calls with 500 MS_UNAVAILABLE (the member state's service is down). */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** Starts the VIES fake on a free port; `traders` seeds the registry (key: country code + number). */
export async function startViesFake(
  traders: Record<string, { name: string; address: string }> = {},
): Promise<ViesFake> {
  const registry = new Map(Object.entries(traders));
  const invalid: string[] = [];
  let failing = 0;
  const state = { calls: 0 };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    if (r.method !== 'POST' || r.path !== '/check-vat-number') {
      invalid.push(`${r.method} ${r.path}`);
      return json(res, 404, { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] });
    }
    state.calls += 1;
    if (!(r.headers['content-type'] ?? '').startsWith('application/json')) invalid.push('content-type');
    let body: { countryCode?: unknown; vatNumber?: unknown };
    try {
      body = JSON.parse(r.body) as typeof body;
    } catch {
      invalid.push('body is not JSON');
      return json(res, 400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
    }
    const { countryCode, vatNumber } = body;
    if (
      typeof countryCode !== 'string' ||
      !/^[A-Z]{2}$/.test(countryCode) ||
      typeof vatNumber !== 'string' ||
      !/^[0-9A-Z+*]{2,12}$/.test(vatNumber)
    ) {
      invalid.push(`body ${r.body}`);
      return json(res, 400, {
        actionSucceed: false,
        errorWrappers: [
          {
            error: 'INVALID_INPUT',
            message: 'The provided CountryCode is invalid or the VAT number is empty',
          },
        ],
      });
    }
    if (failing > 0) {
      failing -= 1;
      return json(res, 500, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
    }
    const trader = registry.get(`${countryCode}${vatNumber}`);
    json(res, 200, {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid: trader !== undefined,
      requestIdentifier: '',
      name: trader?.name ?? '---',
      address: trader?.address ?? '---',
      traderName: '---',
      traderStreet: '---',
      traderPostalCode: '---',
      traderCity: '---',
      traderCompanyType: '---',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    });
  });
  return {
    url,
    traders: registry,
    invalid,
    get calls() {
      return state.calls;
    },
    failNext(n) {
      failing = n;
    },
    close: () => closeServer(server as Server),
  };
}
