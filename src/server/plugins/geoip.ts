/**
 * `app.geoIp` and `app.locate`: the GeoIP database (GEOIP_DB, lib/geoip.ts) opened once for the whole app, and the
 * location of a request (lib/location.ts: the trusted proxy's headers, else the GeoIP lookup, else unknown). Read by
 * jot ingestion (a jot's place), auth (the country of a sign-in in the audit log) and the leads admin (the country of
 * a lead's address). A GEOIP_DB that does not open stops the start, naming the path.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openGeoIpDatabase } from '../lib/geoip.ts';
import { createLocationResolver, type GeoIpLookup, type LocationResolver } from '../lib/location.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The GeoIP lookup of an address, or null without GEOIP_DB. */
    geoIp: GeoIpLookup | null;
    /** Where a request came from: the trusted proxy's location headers, else GeoIP, else unknown. */
    locate: LocationResolver;
  }
}

export const geoIpPlugin = fp(
  async (app: FastifyInstance) => {
    const { trustProxy, geoipDb } = app.services.config;
    const geoIp = geoipDb ? await openGeoIpDatabase(geoipDb) : null;
    app.decorate('geoIp', geoIp);
    app.decorate('locate', createLocationResolver({ trustProxy, geoIp }));
  },
  { name: 'geoip' },
);
