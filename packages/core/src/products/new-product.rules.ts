import { gtinCheckDigit } from './ean.rules.ts';

/** Length of the new-product form's EAN (spec 3 §5, §9: "EAN length 13"). */
export const NEW_PRODUCT_EAN_LENGTH = 13;

/** What is wrong with the new-product form (spec 3 §5 New product); an empty object when it may be sent. */
export interface NewProductProblems {
  /** 'Add product name'. */
  name?: 'required';
  /**
   * 'Add EAN'; 'Invalid EAN, must contain 13 digits'; or a wrong GS1 check digit, with the digit that would be right
   * in `expectedDigit` (the import refuses such an EAN too, core `eanProblem`).
   */
  ean?: 'required' | 'length' | 'check-digit';
  expectedDigit?: number;
}

/**
 * Checks the new-product form (spec 3 §2 New product form, §5): a name, and an EAN of exactly 13 digits with a valid
 * check digit. Surrounding spaces are ignored.
 */
export function newProductProblems(form: { name: string; ean: string }): NewProductProblems {
  const out: NewProductProblems = {};
  if (form.name.trim() === '') out.name = 'required';
  const ean = form.ean.trim();
  if (ean === '') out.ean = 'required';
  else if (!new RegExp(`^\\d{${NEW_PRODUCT_EAN_LENGTH}}$`).test(ean)) out.ean = 'length';
  else {
    const expected = gtinCheckDigit(ean.slice(0, -1));
    if (expected !== Number(ean.at(-1))) {
      out.ean = 'check-digit';
      out.expectedDigit = expected;
    }
  }
  return out;
}
