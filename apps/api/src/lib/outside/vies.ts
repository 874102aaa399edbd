import { z } from 'zod';
import { outsideClient } from './http-client.ts';

/**
 * The EU's VAT Information Exchange System (VIES) behind one adapter (spec 3 §7 'a public EU VAT lookup'; ADR 0051):
 * `POST {VIES_API_URL}/check-vat-number` with `{countryCode, vatNumber}` (the number without its country prefix),
 * answered `{countryCode, vatNumber, requestDate, valid, requestIdentifier?, name, address, trader…?}`. Member states
 * may withhold the name and address ('---'); VIES answers its errors as `{actionSucceed: false, errorWrappers:
 * [{error, message}]}` (e.g. `INVALID_INPUT`, `MS_UNAVAILABLE`, `MS_MAX_CONCURRENT_REQ`). Greece is `EL` in VIES.
 */
export interface ViesAnswer {
  countryCode: string;
  vatNumber: string;
  valid: boolean;
  /** The registered name, or null when the member state gives none. */
  name: string | null;
  /** The registered address as VIES gives it (lines separated by newlines), or null. */
  address: string | null;
}

/** A VAT lookup: the adapter the organisation service calls (tests point it at the fake). */
export type VatLookup = (vatNumber: string) => Promise<ViesAnswer>;

const CheckVatResponseSchema = z.object({
  countryCode: z.string(),
  vatNumber: z.string(),
  valid: z.boolean(),
  name: z.string().nullish(),
  address: z.string().nullish(),
});

/** '---' and blanks mean 'not given' in VIES. */
function given(s: string | null | undefined): string | null {
  const t = (s ?? '').trim();
  return t === '' || /^-+$/.test(t) ? null : t;
}

/** Splits `NL123456789B01` (spaces, dots and dashes ignored) into VIES's country code and number; GR becomes EL. */
export function splitVatNumber(vat: string): { countryCode: string; vatNumber: string } {
  const clean = vat.replace(/[\s.-]/g, '').toUpperCase();
  const cc = clean.slice(0, 2);
  return { countryCode: cc === 'GR' ? 'EL' : cc, vatNumber: clean.slice(2) };
}

/**
 * A {@link VatLookup} against the VIES REST API at `baseUrl`. Failures throw `OutsideServiceError` (service 'VIES';
 * the code is VIES's own error code such as `MS_UNAVAILABLE`, or `timeout`/`network`/`malformed_answer`).
 */
export function viesLookup(
  baseUrl: string,
  opts: { retries?: number; timeoutMs?: number; backoffMs?: number } = {},
): VatLookup {
  const client = outsideClient({
    service: 'VIES',
    baseUrl,
    retries: opts.retries ?? 1,
    timeoutMs: opts.timeoutMs ?? 10_000,
    ...(opts.backoffMs !== undefined ? { backoffMs: opts.backoffMs } : {}),
  });
  return async (vat) => {
    const answer = await client.request({
      method: 'POST',
      path: 'check-vat-number',
      json: splitVatNumber(vat),
      accept: 'application/json',
      schema: CheckVatResponseSchema,
      // A lookup changes nothing at VIES: safe to repeat.
      retryPost: true,
    });
    const d = answer.data;
    return {
      countryCode: d.countryCode,
      vatNumber: d.vatNumber,
      valid: d.valid,
      name: given(d.name),
      address: given(d.address),
    };
  };
}
