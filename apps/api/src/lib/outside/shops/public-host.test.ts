import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutsideServiceError, outsideClient } from '../http-client.ts';
import {
  isPublicAddress,
  NotPublicAddressError,
  notPublicCause,
  privateAddressOf,
  publicOnlyFetch,
} from './public-host.ts';

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

describe('publicOnlyFetch (ADR 0112: every connection judged when it is made)', () => {
  // Linux answers all of 127.0.0.0/8 on loopback: the shop listens on every address, and the tests call 127.0.0.1 the
  // public internet and every other address what it is, so "a public shop" and "this machine" are both reachable here.
  let shop: Server;
  let port = 0;
  const hits: string[] = [];
  const asIfPublic = (address: string) => address === '127.0.0.1' || isPublicAddress(address);
  beforeAll(async () => {
    shop = createServer((req, res) => {
      hits.push(`${req.headers.host} ${req.url}`);
      if (req.url === '/moved') {
        res.writeHead(302, { location: `http://127.0.0.2:${port}/inside` });
        res.end();
      } else if (req.url === '/moved-by-name') {
        res.writeHead(301, { location: `http://metadata.internal:${port}/inside` });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
    await new Promise<void>((resolve) => shop.listen(0, '0.0.0.0', resolve));
    port = (shop.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

  it('lets a request to a public address through', async () => {
    const res = await publicOnlyFetch({ isPublic: asIfPublic })(`http://127.0.0.1:${port}/products`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('refuses an address of this machine or a private network written as the host, before connecting', async () => {
    hits.length = 0;
    const err = await publicOnlyFetch({ isPublic: asIfPublic })(`http://127.0.0.2:${port}/x`).catch((e) => e);
    expect(notPublicCause(err)).toMatchObject({ address: '127.0.0.2' });
    const named = await publicOnlyFetch()(`http://localhost:${port}/x`).catch((e) => e);
    expect(notPublicCause(named)).toBeInstanceOf(NotPublicAddressError);
    expect(hits).toEqual([]);
  });

  it('refuses a redirect to a private address, by IP or by a name resolving there', async () => {
    hits.length = 0;
    const resolve = async (host: string) =>
      host === 'metadata.internal' ? ['169.254.169.254'] : ['127.0.0.1'];
    const judged = publicOnlyFetch({ isPublic: asIfPublic, resolve });
    const byIp = await judged(`http://127.0.0.1:${port}/moved`).catch((e) => e);
    expect(notPublicCause(byIp)).toMatchObject({ address: '127.0.0.2' });
    const byName = await judged(`http://shop.example:${port}/moved-by-name`).catch((e) => e);
    expect(notPublicCause(byName)).toMatchObject({ host: 'metadata.internal', address: '169.254.169.254' });
    // The shop was asked twice (the redirects); nothing reached the address it pointed at.
    expect(hits).toEqual([`127.0.0.1:${port} /moved`, `shop.example:${port} /moved-by-name`]);
  });

  it('judges the address it connects to, not an earlier DNS answer (rebinding)', async () => {
    hits.length = 0;
    let answers = 0;
    // The first answer (the sync's check before the first request) is public; the connection's own lookup is not.
    const rebinding = async () => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.5']);
    expect(await privateAddressOf(`http://winkel.example:${port}/`, rebinding)).toBeNull();
    const err = await publicOnlyFetch({ isPublic: asIfPublic, resolve: rebinding })(
      `http://winkel.example:${port}/`,
    ).catch((e) => e);
    expect(notPublicCause(err)).toMatchObject({ host: 'winkel.example', address: '127.0.0.5' });
    expect(hits).toEqual([]);
  });

  it('fails an outside client at once as host_not_public, without its retries', async () => {
    hits.length = 0;
    const client = outsideClient({
      service: 'WooCommerce',
      baseUrl: `http://127.0.0.1:${port}/`,
      fetch: publicOnlyFetch({ isPublic: asIfPublic }),
      retries: 3,
      backoffMs: 10,
    });
    const err = await client.request({ method: 'GET', path: 'moved' }).catch((e) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect(err).toMatchObject({ code: 'host_not_public', status: null });
    expect((err as Error).message).toContain('127.0.0.2');
    // Asked once: a retried request would have reached the shop again.
    expect(hits).toEqual([`127.0.0.1:${port} /moved`]);
  });
});
