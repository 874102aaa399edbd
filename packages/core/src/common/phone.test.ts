import { describe, expect, it } from 'vitest';
import { isValidPhone } from './phone.rules.ts';
import { phoneField } from './phone.ts';

describe('phone field of a schema (spec 3 §5)', () => {
  it('accepts empty, and 2 to 15 digits with an optional plus after stripping spaces, brackets and dashes', () => {
    for (const ok of [
      '',
      '  ',
      '+31 6 1234 5678',
      '+31 (6) 1234-5678',
      '12',
      '+123456789012345',
      '020 123 4567'.slice(1),
    ])
      expect(isValidPhone(ok), ok).toBe(true);
  });

  it('refuses a leading 0, letters, one digit and more than 15 digits', () => {
    for (const bad of ['0612345678', '+0123', 'abc', '1', '+1234567890123456', '+31 6 12a45678'])
      expect(isValidPhone(bad), bad).toBe(false);
    expect(phoneField().safeParse('0612345678').error?.issues[0]?.message).toBe(
      'Please enter a valid phone number',
    );
  });
});
