/**
 * The JWT secret bench/app-server.ts signs with, so the bench can make an admin token. Its own file: the app server
 * imports it without bench/lib.ts, whose load generator (autocannon) would otherwise be resident in the process whose
 * memory the bench measures (decision 0060).
 */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
