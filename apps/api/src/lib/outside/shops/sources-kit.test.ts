import { describe, expect, it } from 'vitest';
import { OutsideServiceError } from '../http-client.ts';
import { absoluteImageUrl, shopBase, shopText, unitName, withPlatformMessage } from './sources-kit.ts';

describe('shop sources kit', () => {
  it('trims, and answers null for missing or blank text', () => {
    expect(shopText('  8710398507099 ')).toBe('8710398507099');
    expect(shopText('   ')).toBeNull();
    expect(shopText(null)).toBeNull();
    expect(shopText(42)).toBe('42');
    expect(shopText('Ontbijtkoek\n\t500 g\u0007')).toBe('Ontbijtkoek 500 g');
    expect(shopText({ name: 'x' })).toBeNull();
  });

  it("puts a variant's title after ' – ' unless it is empty or the product's title", () => {
    expect(unitName('Ontbijtkoek', '500 g')).toBe('Ontbijtkoek – 500 g');
    expect(unitName('Ontbijtkoek', 'ontbijtkoek')).toBe('Ontbijtkoek');
    expect(unitName('Ontbijtkoek', ' ')).toBe('Ontbijtkoek');
    expect(unitName(null, '500 g')).toBe('500 g');
  });

  it('makes image URLs absolute and drops what is not https', () => {
    expect(absoluteImageUrl('http://cdn.shop.nl/a.jpg')).toBeNull();
    expect(absoluteImageUrl('/media/a.jpg', 'http://127.0.0.1:8080')).toBeNull();
    expect(absoluteImageUrl(`https://cdn.shop.nl/${'a'.repeat(2100)}.jpg`)).toBeNull();
    expect(absoluteImageUrl('//cdn.shop.nl/a.jpg')).toBe('https://cdn.shop.nl/a.jpg');
    expect(absoluteImageUrl('/media/a.jpg', 'https://winkel.nl')).toBe('https://winkel.nl/media/a.jpg');
    expect(absoluteImageUrl('media/a.jpg')).toBeNull();
    expect(absoluteImageUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(absoluteImageUrl(' ')).toBeNull();
    expect(absoluteImageUrl('https://cdn.shop.nl/a b.jpg')).toBe('https://cdn.shop.nl/a%20b.jpg');
  });

  it("strips trailing slashes and '/api' from the shop URL", () => {
    expect(shopBase(' https://winkel.nl/api/ ')).toBe('https://winkel.nl');
    expect(shopBase('https://winkel.nl//')).toBe('https://winkel.nl');
    expect(shopBase('https://api.webshopapp.com')).toBe('https://api.webshopapp.com');
  });

  it("reads the platform's message out of a refusal, also when the outside client cut the body short", async () => {
    const refuse = (text: string) => () => {
      throw new OutsideServiceError('Mirakl', 401, 'http_401', text);
    };
    const read = (b: unknown) => ((b as { message?: string }).message ?? null) as string | null;
    await expect(
      withPlatformMessage('Mirakl', read, ['message'], refuse('{"message":"Unauthorized","status":401}')),
    ).rejects.toMatchObject({ message: 'Mirakl: Unauthorized', status: 401, code: 'http_401' });
    const long = `{"message":"Shop key \\"x\\" is not valid","trace":"${'x'.repeat(300)}"}`.slice(0, 200);
    await expect(withPlatformMessage('Mirakl', read, ['message'], refuse(long))).rejects.toMatchObject({
      message: 'Mirakl: Shop key "x" is not valid',
    });
    // Nothing to read: the error as it was.
    await expect(
      withPlatformMessage('Mirakl', read, ['message'], refuse('<html>Bad gateway</html>')),
    ).rejects.toMatchObject({ message: 'Mirakl: <html>Bad gateway</html>' });
    const timeout = new OutsideServiceError('Mirakl', null, 'timeout', 'no answer within 15000 ms');
    await expect(
      withPlatformMessage('Mirakl', read, ['message'], () => Promise.reject(timeout)),
    ).rejects.toBe(timeout);
  });
});
