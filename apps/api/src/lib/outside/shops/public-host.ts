import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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

/**
 * The address of `url`'s host that is not public, or null when every address it has is public: an IP literal is
 * judged as it is, a name by every address DNS gives for it (a name that does not resolve is left to the request,
 * which then fails as any unreachable shop does). `resolve` is the DNS lookup (tests pass their own).
 */
export async function privateAddressOf(
  url: string,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map((a) => a.address),
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
