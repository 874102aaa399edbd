import { describe, expect, it } from 'vitest';
import { isValidPhone } from './phone.rules.ts';
import { isAcceptedPhone, phoneField } from './phone.ts';

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
  });

  it('reads a national number in nl and stores the international form, as the phone field sends it', () => {
    expect(phoneField().parse('06 1234 5678')).toBe('+31 6 1234 5678');
    expect(phoneField().parse(' +32 470 12 34 56 ')).toBe('+32 470 12 34 56');
    expect(phoneField().parse('0049 30 123456')).toBe('+49 30 123456');
    expect(phoneField().parse('')).toBe('');
    expect(isAcceptedPhone('06-12345678')).toBe(true);
    expect(isAcceptedPhone('call me')).toBe(false);
  });

  it('refuses what the phone field refuses, with the rule message', () => {
    for (const bad of ['call me', '+0123', '06 12a45678', '+1234567890123456', '06\u000012345678'])
      expect(phoneField().safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'Please enter a valid phone number',
      );
    expect(phoneField().safeParse('0'.repeat(31)).error?.issues[0]?.message).toBe(
      'Phone is too long (at most 30 characters)',
    );
  });

  it('says the given message for a required empty number', () => {
    const field = phoneField('Phone number is required.');
    expect(field.safeParse('  ').error?.issues.map((i) => i.message)).toEqual(['Phone number is required.']);
    expect(field.parse('0612345678')).toBe('+31 612345678');
  });
});
