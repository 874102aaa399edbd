import { describe, expect, it } from 'vitest';
import { requesterLang } from './lang.ts';

describe('requesterLang', () => {
  it("follows the user's stored language first, as the portal does (fr and es read as English)", () => {
    expect(requesterLang('nl', 'en-GB,en;q=0.9')).toBe('nl');
    expect(requesterLang('en', 'nl-NL,nl;q=0.9')).toBe('en');
    expect(requesterLang('fr', 'nl')).toBe('en');
    expect(requesterLang('es', undefined)).toBe('en');
  });

  it("else the browser's first preferred language: Dutch for nl and nl-*, English otherwise", () => {
    expect(requesterLang(null, 'nl-NL,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(requesterLang(null, 'NL-be')).toBe('nl');
    expect(requesterLang(undefined, 'nl;q=0.9')).toBe('nl');
    expect(requesterLang(null, 'en-GB,nl;q=0.9')).toBe('en');
    expect(requesterLang(null, 'de-DE')).toBe('en');
  });

  it('is Dutch when nothing says otherwise (no header, or any language)', () => {
    expect(requesterLang(null, undefined)).toBe('nl');
    expect(requesterLang(null, '')).toBe('nl');
    expect(requesterLang(null, '*')).toBe('nl');
  });
});
