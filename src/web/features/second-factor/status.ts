/**
 * The second factor's status alone, for the admin layout's REQUIRE_STAFF_MFA check (decision 0053): through index.ts
 * the layout pulled the Two-step card's code and icons into every admin screen's first load (about 4 KB gzip of the
 * 250 KB budget, docs/architecture.md §8), though only the Security pages show the card.
 */
export { getSecondFactorQueryOptions } from './api/get-second-factor';
