/**
 * Who a counter counts (issue 23 §4, decision 0021): clicks, campaign visits, blog views and likes are counted
 * once per visitor, and the visitor is decided here, on the server, never by anything the client chooses.
 *
 * - The key is an HMAC (secret derived from JWT_SECRET) of the visitor's network (lib/client-network.ts: the IPv4
 *   address, or the /64 of an IPv6 address; one household or phone gets a whole /64) and, for daily counters, the
 *   UTC day. The User-Agent is left out on purpose: fifty user agents from one address are one visitor. The address
 *   itself is never stored, and a day's key cannot be linked to the next day's.
 * - Bots (isbot) and requests without a User-Agent are not counted.
 * - Past COUNTS_PER_MINUTE counting requests from one network in a minute, nothing more is counted from it until
 *   the minute ends; the requests are still answered as usual. The window is per instance (in memory).
 */
import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { networkOf } from './client-network.ts';
import { utcDay } from './utc-day.ts';

/** A person reading the blog or following links does not come near this; a script does. */
export const COUNTS_PER_MINUTE = 30;
// Memory bound for the per-minute window: beyond this many networks in one minute, new ones are not counted.
const MAX_TRACKED_NETWORKS = 100_000;

export interface Visitor {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface VisitorKeys {
  /**
   * The day's key for a visitor whose request may count now, or null: a bot, no User-Agent, no address, or past
   * the per-network rate. Every call counts towards the rate.
   */
  countable(visitor: Visitor, now: Date): string | null;
  /** The visitor's lasting key, for likes (one per visitor, not per day); null without an address or for a bot. */
  likeKey(visitor: Visitor): string | null;
}

export function createVisitorKeys(masterSecret: string, perMinute = COUNTS_PER_MINUTE): VisitorKeys {
  const secret = createHmac('sha256', masterSecret).update('visitor-key').digest();
  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  let windowStart = 0;
  let counts = new Map<string, number>();

  const humanNetwork = ({ ipAddress, userAgent }: Visitor): string | null => {
    if (!ipAddress || !userAgent || isbot(userAgent)) return null;
    return networkOf(ipAddress);
  };

  return {
    countable(visitor, now) {
      const network = humanNetwork(visitor);
      if (!network) return null;
      const minute = Math.floor(now.getTime() / 60_000);
      if (minute !== windowStart) {
        windowStart = minute;
        counts = new Map();
      }
      const seen = counts.get(network) ?? 0;
      if (seen >= perMinute || (seen === 0 && counts.size >= MAX_TRACKED_NETWORKS)) return null;
      counts.set(network, seen + 1);
      return hmac(`${utcDay(now)}|${network}`);
    },
    likeKey(visitor) {
      const network = humanNetwork(visitor);
      return network ? hmac(`like|${network}`) : null;
    },
  };
}
