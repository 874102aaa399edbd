import { z } from 'zod';

/**
 * The phone field rule of spec 3 §5 (custom form fields), shared by every phone input: empty is valid; otherwise,
 * after stripping spaces, brackets and dashes, an optional plus, a first digit 1–9 and then 1 to 14 more digits
 * (at most 15 digits, E.164). Message 'Please enter a valid phone number'.
 */
export function isPhoneField(value: string): boolean {
  const s = value.trim();
  if (s === '') return true;
  return /^\+?[1-9]\d{1,14}$/.test(s.replace(/[\s()-]/g, ''));
}

/** The spec's message for a phone number that fails {@link isPhoneField} (spec 3 §5). */
export const PHONE_FIELD_MESSAGE = 'Please enter a valid phone number';

/** A phone number field (spec 3 §5): at most 30 characters as typed, checked with {@link isPhoneField}. */
export const phoneField = () =>
  z
    .string()
    .trim()
    .max(30, 'Phone is too long (at most 30 characters)')
    .refine(isPhoneField, PHONE_FIELD_MESSAGE);
