import { describe, expect, it } from 'vitest';
import { isPublicAddress, privateAddressOf } from './public-host.ts';

describe('isPublicAddress (ADR 0107: where a shop URL may lead the server)', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.5', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.20', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.1.2.3', false],
    ['not an address', false],
    ['172.32.0.1', true],
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2a00:1450:4009:81f::200e', true],
    ['::ffff:93.184.216.34', true],
  ])('%s → public %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('privateAddressOf', () => {
  const dns =
    (table: Record<string, string[]>) =>
    async (host: string): Promise<string[]> => {
      const found = table[host];
      if (!found) throw new Error(`ENOTFOUND ${host}`);
      return found;
    };

  it('judges an IP literal as it is, without DNS', async () => {
    const never = async (): Promise<string[]> => {
      throw new Error('DNS asked');
    };
    expect(await privateAddressOf('http://127.0.0.1:8080/', never)).toBe('127.0.0.1');
    expect(await privateAddressOf('https://[::1]/', never)).toBe('::1');
    expect(await privateAddressOf('https://93.184.216.34/', never)).toBeNull();
    expect(await privateAddressOf('http://localhost:3000', never)).toBe('localhost');
  });

  it('refuses a name when any of its addresses is private, and leaves a name without addresses to the request', async () => {
    const resolve = dns({
      'winkel.nl': ['93.184.216.34', '2a00:1450:4009:81f::200e'],
      'intern.winkel.nl': ['93.184.216.34', '10.0.0.7'],
      'metadata.example': ['169.254.169.254'],
    });
    expect(await privateAddressOf('https://winkel.nl/', resolve)).toBeNull();
    expect(await privateAddressOf('https://intern.winkel.nl/shop', resolve)).toBe('10.0.0.7');
    expect(await privateAddressOf('https://metadata.example/', resolve)).toBe('169.254.169.254');
    expect(await privateAddressOf('https://bestaat-niet.example/', resolve)).toBeNull();
  });
});
