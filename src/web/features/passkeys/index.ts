/** The passkeys feature's public surface (decision 0057): routes import from here only. */
export { getPasskeysQueryOptions, usePasskeys } from './api/get-passkeys';
export { PasskeysCard } from './components/passkeys-card';
