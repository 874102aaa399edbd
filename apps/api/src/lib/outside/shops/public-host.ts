import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Addresses a merchant's shop URL may not lead the server to (ADR 0107 update): this machine, the private networks
 * the server may sit in, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved
 * ranges, in IPv4 and IPv6 (an IPv4-mapped IPv6 address is judged by its IPv4 part).
 */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Whether `address` (an IPv4 or IPv6 literal) is outside {@link NOT_PUBLIC}. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !NOT_PUBLIC.check(mapped, 'ipv4');
  return !NOT_PUBLIC.check(address, 'ipv6');
}

/** Every address DNS gives for `host` (IPv4 and IPv6, in the resolver's order). Rejects when it does not resolve. */
async function resolveAddresses(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

/**
 * The address of `url`'s host that is not public, or null when every address it has is public: an IP literal is
 * judged as it is, a name by every address DNS gives for it (a name that does not resolve is left to the request,
 * which then fails as any unreachable shop does). `resolve` is the DNS lookup (tests pass their own).
 */
export async function privateAddressOf(
  url: string,
  resolve: (host: string) => Promise<string[]> = resolveAddresses,
): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : host;
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  return addresses.find((a) => !isPublicAddress(a)) ?? null;
}

/**
 * A connection refused because its address is not public ({@link publicOnlyFetch}): `address` is the IP address (or
 * `localhost` name) that was refused, `host` the name asked for.
 */
export class NotPublicAddressError extends Error {
  readonly code = 'host_not_public';
  readonly address: string;
  readonly host: string;
  constructor(host: string, address: string) {
    super(
      address === host
        ? `${host} is an address on this server's own network`
        : `${host} leads to ${address}, an address on this server's own network`,
    );
    this.name = 'NotPublicAddressError';
    this.host = host;
    this.address = address;
  }
}

/** Whether `err` or one of its causes is a {@link NotPublicAddressError}; returns that error. */
export function notPublicCause(err: unknown): NotPublicAddressError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof NotPublicAddressError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** How {@link publicOnlyFetch} judges addresses; both replaceable in tests. */
export interface AddressJudge {
  /** Whether an IP address may be connected to; default {@link isPublicAddress}. */
  isPublic?: (address: string) => boolean;
  /** Every address of a name; default the system's DNS lookup (`dns.lookup`, all addresses). */
  resolve?: (host: string) => Promise<string[]>;
}

/**
 * A `fetch` that connects only to public addresses (ADR 0107's open point, closed by ADR 0112): every connection it
 * opens, the first and each one a redirect leads to, is checked when it is made, on the address it is made to. A host
 * written as an IP address is judged as it is; a name is resolved once for the connection and refused when any of its
 * addresses is not public, and the connection goes to the addresses that were judged, so a name that resolves to a
 * public address for {@link privateAddressOf} and to 127.0.0.1 a moment later (DNS rebinding) cannot reach this
 * machine. A refused connection fails the request with a `TypeError('fetch failed')` whose `cause` is a
 * {@link NotPublicAddressError} ({@link notPublicCause}). The shop sync's outside clients use it (shop-sync.service.ts)
 * unless the configuration allows private shop hosts. Node's own fetch with an undici `Agent` as its dispatcher.
 */
export function publicOnlyFetch(judge: AddressJudge = {}): typeof fetch {
  const isPublic = judge.isPublic ?? isPublicAddress;
  const resolve = judge.resolve ?? resolveAddresses;
  /** `net.connect`'s lookup (all addresses when it asks for all, as Node's happy-eyeballs connect does). */
  const lookupPublic = (
    host: string,
    options: { all?: boolean },
    callback: (err: Error | null, address?: string | LookupAddress[], family?: number) => void,
  ) => {
    if (host === 'localhost' || host.endsWith('.localhost')) {
      callback(new NotPublicAddressError(host, host));
      return;
    }
    resolve(host).then(
      (addresses) => {
        const refused = addresses.find((a) => !isPublic(a));
        if (refused) return callback(new NotPublicAddressError(host, refused));
        const found = addresses.map((address) => ({ address, family: isIP(address) }));
        const first = found[0];
        if (!first)
          return callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }));
        if (options.all) callback(null, found);
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err),
    );
  };
  const connectAny = buildConnector({ lookup: lookupPublic } as buildConnector.BuildOptions);
  const agent = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !isPublic(host)) {
        callback(new NotPublicAddressError(host, host), null);
        return;
      }
      connectAny(options, callback);
    },
  });
  return (input, init) => fetch(input, { ...init, dispatcher: agent } as RequestInit);
}
