/**
 * SSRF guard for webhook URLs (issue 41 §6, decision 0063): a receiver may not be the server's own network. The
 * host is resolved and every address checked — at create/update time (a 400 naming `url`) and again at each
 * delivery, whose connection then goes to the address that was checked (`lookup` below), so a DNS answer that
 * changes between the check and the connection (rebinding) cannot switch it.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export interface AddressPolicy {
  /** WEBHOOKS_ALLOW_HTTP: `http://` URLs too (development). */
  allowHttp: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE: loopback and private addresses too (tests and development only). */
  allowPrivate: boolean;
}

// Two lists: one BlockList would match every IPv4 address against the IPv6 rule for IPv4-mapped addresses.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) refusedV4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped (also in hexadecimal form)
  ['64:ff9b::', 96], // NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['fd00:ec2::254', 128], // the metadata address over IPv6
] as const) refusedV6.addSubnet(network, prefix, 'ipv6');

/** True when a receiver may not be at this address (loopback, private, link-local, multicast, metadata…). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refusedV4.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped (`::ffff:127.0.0.1`) is refused whatever it carries: a receiver has no reason to be named so.
  if (/^::ffff:/i.test(address)) return true;
  return refusedV6.check(address, 'ipv6');
}

export class RefusedUrlError extends Error {
  override name = 'RefusedUrlError';
}

export interface CheckedTarget {
  url: URL;
  /** The address that was checked: the connection goes there. */
  address: string;
  family: 4 | 6;
}

/**
 * Checks a webhook URL against the policy and resolves its host; throws RefusedUrlError saying why. All addresses
 * the name resolves to must pass (a name with one private answer among public ones is refused).
 */
export async function checkWebhookUrl(
  raw: string,
  policy: AddressPolicy,
  resolve: (host: string) => Promise<Array<{ address: string; family: number }>> = (host) => dnsLookup(host, { all: true }),
): Promise<CheckedTarget> {
  if (!URL.canParse(raw)) throw new RefusedUrlError('URL must be a valid https URL');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) throw new RefusedUrlError('URL must use https');
  if (url.username || url.password) throw new RefusedUrlError('URL must not contain a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: Array<{ address: string; family: number }>;
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await resolve(host);
    } catch {
      throw new RefusedUrlError('URL host does not resolve');
    }
  }
  if (answers.length === 0) throw new RefusedUrlError('URL host does not resolve');
  if (!policy.allowPrivate && answers.some((answer) => isRefusedAddress(answer.address))) {
    throw new RefusedUrlError('URL resolves to an address webhooks may not reach (loopback, private, link-local or metadata)');
  }
  const [first] = answers;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/** A `lookup` for http(s).request that answers with the checked address only, whatever DNS says now. */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
