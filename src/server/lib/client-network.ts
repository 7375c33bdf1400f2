/**
 * The network a client connects from (decisions 0021 and 0043): the IPv4 address, or the /64 of an IPv6 address.
 *
 * An IPv6 home connection or phone is handed a whole /64 and picks its addresses in it freely (privacy extensions
 * rotate them on their own), so the full address is as free to vary as a cookie: a limit keyed on it is no limit.
 * Every per-client quota — the rate limits, the invitation limit per sender, the open live streams and open
 * connections per client, the counters' visitor key and the captcha difficulty — keys on this network instead.
 * An IPv4-mapped address (`::ffff:192.0.2.7`, what a dual-stack socket reports for an IPv4 client) is that IPv4
 * address.
 */
import { isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (zone already removed). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const toGroups = (part: string) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          // An IPv4 tail (::ffff:192.0.2.7) is the last two groups.
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const headGroups = toGroups(head);
  if (tail === undefined) return headGroups;
  const tailGroups = toGroups(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}

/**
 * The network of an address: IPv4 as is (also when IPv4-mapped), IPv6 as its /64 (`2001:db8:1:2::/64`, groups
 * without leading zeros), whatever the notation (compressed, full, with a zone); null when it is not an address.
 */
export function networkOf(ipAddress: string): string | null {
  const address = ipAddress.trim().replace(/%.*$/, '').toLowerCase();
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return null;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The key of every per-client limit: the client's network (`networkOf`), or the text itself when it is not an
 * address (an arbitrary X-Forwarded-For value behind TRUST_PROXY=true), so such a client is still limited as one.
 */
export function clientNetworkKey(ipAddress: string | null | undefined): string {
  const text = ipAddress ?? '';
  return networkOf(text) ?? text;
}
