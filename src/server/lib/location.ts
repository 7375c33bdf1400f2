/**
 * Where a jot came from (docs/architecture.md §2 geolocation): the city / region / country headers of a trusted proxy
 * (Cloudflare's CF-IPCity, CF-Region, CF-IPCountry by default), only when TRUST_PROXY is on — otherwise anyone
 * could write any location into the public list — and else a GeoIP database lookup of the sender's address.
 *
 * The lookup is a seam: `GeoIpLookup`; geoip.ts implements it over a MaxMind `.mmdb` file (GEOIP_DB). Without
 * either, a jot has no location ("Unknown Location" on the site).
 */
import type { FastifyRequest } from 'fastify';

export interface JotLocation {
  city: string | null;
  state: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
}

/** A GeoIP database: the location of an IP address, or null when unknown. */
export interface GeoIpLookup {
  lookup(ip: string): JotLocation | null;
}

/** Request header names (lower case) that carry the location set by the proxy in front of the app. */
export interface LocationHeaderNames {
  city: string;
  region: string;
  country: string;
}

export const CLOUDFLARE_LOCATION_HEADERS: LocationHeaderNames = {
  city: 'cf-ipcity',
  region: 'cf-region',
  country: 'cf-ipcountry',
};

export interface LocationResolverOptions {
  /** Only a proxy we trust may tell us where a request came from (TRUST_PROXY). */
  trustProxy: boolean;
  headers?: LocationHeaderNames;
  geoIp?: GeoIpLookup | null;
}

export const UNKNOWN_LOCATION: JotLocation = Object.freeze({ city: null, state: null, country: null });

const MAX_PART_LENGTH = 100;
// Cloudflare sends XX for an unknown country and T1 for Tor exit nodes: neither is a place.
const NOT_A_COUNTRY = new Set(['XX', 'T1']);
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function headerText(request: FastifyRequest, name: string): string | null {
  const raw = request.headers[name];
  let value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  // Node reads header bytes as Latin-1; proxies send city names such as "Zürich" as UTF-8 bytes.
  try {
    value = utf8Strict.decode(Buffer.from(value, 'latin1'));
  } catch {
    // not UTF-8: keep the Latin-1 reading
  }
  if (/%[0-9a-f]{2}/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // not percent-encoded after all
    }
  }
  // eslint-disable-next-line no-control-regex -- control characters never belong in a place name
  const cleaned = value.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_PART_LENGTH);
  return cleaned || null;
}

function countryCode(value: string | null): string | null {
  if (!value) return null;
  const code = value.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}

export type LocationResolver = (request: FastifyRequest) => JotLocation;

export function createLocationResolver(options: LocationResolverOptions): LocationResolver {
  const names = options.headers ?? CLOUDFLARE_LOCATION_HEADERS;
  const geoIp = options.geoIp ?? null;
  return (request) => {
    if (options.trustProxy) {
      const location = {
        city: headerText(request, names.city),
        state: headerText(request, names.region),
        country: countryCode(headerText(request, names.country)),
      };
      if (location.city || location.state || location.country) return location;
    }
    return geoIp?.lookup(request.ip) ?? UNKNOWN_LOCATION;
  };
}
