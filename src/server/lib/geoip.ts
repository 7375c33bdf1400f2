/**
 * The GeoIP side of jot locations (docs/architecture.md §2): a MaxMind-format `.mmdb` (GeoLite2-City, GeoIP2-City, DB-IP's
 * City Lite, …) named by GEOIP_DB, read with the `maxmind` package. Used when no trusted proxy sent location
 * headers (location.ts). The file is watched, so replacing it with a newer edition needs no restart.
 */
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import type { GeoIpLookup, JotLocation } from './location.ts';

const MAX_PART_LENGTH = 100;

function part(value: string | undefined): string | null {
  return value ? value.slice(0, MAX_PART_LENGTH) : null;
}

/** A lookup over an open reader: English names, the first subdivision as the state, the ISO country code. */
export function createMaxMindLookup(reader: Reader<CityResponse>): GeoIpLookup {
  return {
    lookup(ip) {
      // Fastify gives IPv4 clients of a dual-stack socket as IPv4-mapped IPv6.
      const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
      if (!maxmind.validate(address)) return null;
      let found: CityResponse | null;
      try {
        found = reader.get(address);
      } catch {
        return null; // not an address this database can answer for
      }
      if (!found) return null;
      const location: JotLocation = {
        city: part(found.city?.names.en),
        state: part(found.subdivisions?.[0]?.names.en),
        country: found.country?.iso_code ?? found.registered_country?.iso_code ?? null,
      };
      return location.city || location.state || location.country ? location : null;
    },
  };
}

/** Opens GEOIP_DB; a path that does not open is a configuration error, reported with the path. */
export async function openGeoIpDatabase(path: string): Promise<GeoIpLookup> {
  try {
    return createMaxMindLookup(await maxmind.open<CityResponse>(path, { cache: { max: 10_000 }, watchForUpdates: true, watchForUpdatesNonPersistent: true }));
  } catch (error) {
    throw new Error(`GEOIP_DB: cannot open the GeoIP database ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
