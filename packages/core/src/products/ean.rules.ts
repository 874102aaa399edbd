/**
 * GS1 check digit of a GTIN body (all digits except the check digit): weights 3 and 1 alternate
 * from the right, the check digit tops the sum up to a multiple of ten. Works for GTIN-8, -12
 * (UPC-A), -13 (EAN-13) and -14 alike because the weights are counted from the right.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Why an EAN was refused, as a readable reason for import reports (spec 3 §5). */
export type EanProblem = 'missing' | 'not-digits' | 'length' | 'check-digit';

/** Readable English texts of {@link EanProblem}, used as row reasons in import results. */
export const EAN_PROBLEM_TEXT: Record<EanProblem, string> = {
  missing: 'EAN is missing',
  'not-digits': 'EAN must contain digits only',
  length: 'EAN must have 8 to 14 digits',
  'check-digit': 'EAN check digit is wrong',
};

/**
 * Checks an EAN/GTIN (spec 3 §5, issue 3 §1): digits only, 8 to 14 of them, and a valid GS1
 * check digit. Surrounding spaces are ignored. Returns the problem, or null when the code is valid.
 */
export function eanProblem(raw: string | null | undefined): EanProblem | null {
  const ean = (raw ?? '').trim();
  if (ean === '') return 'missing';
  if (!/^\d+$/.test(ean)) return 'not-digits';
  if (ean.length < 8 || ean.length > 14) return 'length';
  const check = ean.charCodeAt(ean.length - 1) - 48;
  return gtinCheckDigit(ean.slice(0, -1)) === check ? null : 'check-digit';
}

/** True when `raw` is a valid EAN/GTIN of 8 to 14 digits (see {@link eanProblem}). */
export function isValidEan(raw: string | null | undefined): boolean {
  return eanProblem(raw) === null;
}

/**
 * Normalises an EAN as spreadsheets deliver it: trims, drops spaces inside, and turns a number
 * written by Excel with a trailing `.0` back into digits. Does not validate.
 */
export function normaliseEan(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  let s = String(raw).trim().replace(/\s+/g, '');
  if (/^\d+\.0+$/.test(s)) s = s.replace(/\.0+$/, '');
  return s;
}
