import type { VatLookup as VatLookupAnswer } from '@hoppa/core';
import type { FastifyBaseLogger } from 'fastify';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import type { VatLookup } from '../../lib/outside/vies.ts';

/**
 * Splits VIES's address (lines separated by newlines; a Dutch one reads 'STREET 00001\n1234AB CITY') into street,
 * house number, postcode and city where the lines have that shape; the parts it cannot tell stay null.
 */
export function splitViesAddress(
  address: string | null,
): Pick<VatLookupAnswer, 'street' | 'houseNumber' | 'postalCode' | 'city'> {
  const out = { street: null, houseNumber: null, postalCode: null, city: null } as {
    street: string | null;
    houseNumber: string | null;
    postalCode: string | null;
    city: string | null;
  };
  if (!address) return out;
  const lines = address
    .split(/\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const streetLine = lines[0]?.match(/^(.*\D)\s+0*(\d+\s*[A-Za-z0-9-]*)$/);
  if (streetLine) {
    out.street = (streetLine[1] as string).trim();
    out.houseNumber = (streetLine[2] as string).replace(/\s+/g, '');
  }
  const placeLine = lines[1]?.match(/^(\d{4}\s?[A-Za-z]{2}|\d{4,5})\s+(.+)$/);
  if (placeLine) {
    out.postalCode = (placeLine[1] as string).replace(/\s/g, '').toUpperCase();
    out.city = (placeLine[2] as string).trim();
  }
  return out;
}

/**
 * The EU VAT lookup (spec 3 §7; `GET /vat_lookup?vatNumber=`): asks VIES through the adapter and answers whether the
 * number is valid with the registered name (`company_name`, which fills the wizard's name) and address. A VIES
 * failure is logged (service, code, status) and answered `available: false`, so the wizard goes on without it
 * (spec 3 §8 'VAT lookup failure ... only logged').
 */
export async function lookUpVat(
  lookup: VatLookup,
  log: FastifyBaseLogger,
  { query }: { query: { vatNumber: string } },
): Promise<VatLookupAnswer> {
  try {
    const a = await lookup(query.vatNumber);
    return {
      vatNumber: `${a.countryCode}${a.vatNumber}`,
      available: true,
      valid: a.valid,
      company_name: a.valid ? a.name : null,
      address: a.valid ? a.address : null,
      ...splitViesAddress(a.valid ? a.address : null),
    };
  } catch (err) {
    if (!(err instanceof OutsideServiceError)) throw err;
    log.warn({ service: err.service, code: err.code, status: err.status }, 'EU VAT lookup failed');
    return {
      vatNumber: query.vatNumber.replace(/[\s.-]/g, '').toUpperCase(),
      available: false,
      valid: false,
      company_name: null,
      address: null,
      ...splitViesAddress(null),
    };
  }
}
