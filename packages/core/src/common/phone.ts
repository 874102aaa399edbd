import { z } from 'zod';
import { isValidPhone, PHONE_MESSAGE } from './phone.rules.ts';

/**
 * A phone number field of a schema (spec 3 §5 custom form fields): at most 30 characters as typed, checked with the
 * one phone rule of the apps ({@link isValidPhone}, phone.rules.ts), message 'Please enter a valid phone number'.
 */
export const phoneField = () =>
  z.string().trim().max(30, 'Phone is too long (at most 30 characters)').refine(isValidPhone, PHONE_MESSAGE);
