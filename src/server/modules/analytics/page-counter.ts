/**
 * Turns a counted request into an event (issue 40 §1, decision 0066): the visitor is the day's salted hash of
 * (site, address, User-Agent), neither kept; the User-Agent is reduced to a device class and a browser family, the
 * Referer to a domain. The operator's excluded networks and a network past COUNTS_PER_MINUTE in a minute (a flood,
 * as the counters' decision 0021) count nothing. Whether a request is countable at all (bot, prefetch, GPC, staff)
 * is decided by the caller (index.ts) with classify.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { networkOf } from '../../lib/client-network.ts';
import { COUNTS_PER_MINUTE } from '../../lib/visitor-key.ts';
import { cutAnalyticsText, headerOf, NO_UTM, referrerDomainOf, userAgentClassOf, utmOf } from './classify.ts';
import { type DailySalt, visitorHash } from './daily-salt.ts';
import type { EventBuffer } from './event-buffer.ts';

export type EventKind = 'view' | 'not_found' | 'download';

const MAX_TRACKED_NETWORKS = 100_000;

export interface CountInput {
  kind: EventKind;
  /** The request's URL (path and query) or, for a beacon, the page's. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The Referer to file the view under (a beacon sends the page's own). */
  referrer: string | undefined;
  ipAddress: string;
  country: string | null;
  now: Date;
}

export class PageCounter {
  private windowStart = 0;
  private perNetwork = new Map<string, number>();
  private readonly excluded: Set<string>;
  private lastSaltError = 0;

  constructor(
    private readonly options: {
      salt: DailySalt;
      buffer: EventBuffer;
      /** The site's host (PUBLIC_URL's), for the hash and to leave the site out of the referrers. */
      siteHost: string;
      excludedNetworks: readonly string[];
      log: FastifyBaseLogger;
    },
  ) {
    this.excluded = new Set(options.excludedNetworks);
  }

  /** Counts the request unless its network is excluded or flooding; never throws, never waits for the database. */
  count(input: CountInput): void {
    const userAgent = headerOf(input.headers, 'user-agent');
    const network = networkOf(input.ipAddress);
    if (!userAgent || !network || this.excluded.has(network) || !this.withinRate(network, input.now)) return;
    const salt = this.options.salt.cached(input.now);
    if (salt) {
      this.record(salt, input, userAgent);
      return;
    }
    this.options.salt.load(input.now).then(
      (loaded) => this.record(loaded, input, userAgent),
      (error: unknown) => {
        if (Date.now() - this.lastSaltError < 60_000) return;
        this.lastSaltError = Date.now();
        this.options.log.error({ err: error }, 'the analytics salt could not be read; the view is not counted');
      },
    );
  }

  private record(salt: string, input: CountInput, userAgent: string): void {
    const queryAt = input.url.indexOf('?');
    const path = queryAt === -1 ? input.url : input.url.slice(0, queryAt);
    const utm = queryAt === -1 ? NO_UTM : utmOf(input.url.slice(queryAt + 1));
    const { device, browser } = userAgentClassOf(userAgent);
    this.options.buffer.push({
      at: input.now,
      kind: input.kind,
      visitorHash: visitorHash(salt, this.options.siteHost, input.ipAddress, userAgent),
      path: cutAnalyticsText(path || '/'),
      referrerDomain: referrerDomainOf(input.referrer, this.options.siteHost),
      ...utm,
      country: input.country,
      device,
      browser,
    });
  }

  private withinRate(network: string, now: Date): boolean {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.windowStart) {
      this.windowStart = minute;
      this.perNetwork = new Map();
    }
    const seen = this.perNetwork.get(network) ?? 0;
    if (seen >= COUNTS_PER_MINUTE || (seen === 0 && this.perNetwork.size >= MAX_TRACKED_NETWORKS)) return false;
    this.perNetwork.set(network, seen + 1);
    return true;
  }
}
