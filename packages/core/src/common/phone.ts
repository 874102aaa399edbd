import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY, internationalPhone, isValidPhone, PHONE_MESSAGE } from './phone.rules.ts';
import { reasonParams } from './reason.ts';

/** A refusal of the phone rule: its message, and the reason the API codes it by (`phone_invalid`). */
const NOT_A_PHONE = { message: PHONE_MESSAGE, params: reasonParams('phone_invalid') };

/** Control characters (a phone number is one line of text). */
const CONTROL = /\p{Cc}/u;

/**
 * A phone number field of a request schema (spec 3 §5 custom form fields, §9 phone input defaults to nl; ADR 0057):
 * the one phone rule of every phone input of both apps, on the server. At most 30 characters as typed, one line; a
 * national number (leading `0`) is read in the phone field's default country and stored in the international form
 * the apps' phone field sends (core `internationalPhone`: `06 1234 5678` → `+31 6 1234 5678`; `+…` and `00…` are
 * already international), which must pass {@link isValidPhone} ('Please enter a valid phone number'; coded
 * `phone_invalid` in a 400). Empty stays
 * empty and is valid unless `required` is given: then it is that message (e.g. 'Phone number is required.').
 */
export const phoneField = (required?: string) => {
  const typed = z.string().trim().max(30, 'Phone is too long (at most 30 characters)');
  return (required ? typed.min(1, required) : typed)
    .refine((s) => !CONTROL.test(s), NOT_A_PHONE)
    .overwrite((s) => internationalPhone(DEFAULT_PHONE_COUNTRY, s))
    .refine(isValidPhone, NOT_A_PHONE);
};

/**
 * Whether a phone number as a person or an import gives it passes the phone rule (spec 3 §5): the same reading as
 * {@link phoneField} (national numbers in the default country nl), for the rule checks of the apps' step forms.
 */
export function isAcceptedPhone(value: string): boolean {
  return isValidPhone(internationalPhone(DEFAULT_PHONE_COUNTRY, value));
}
