/** Affiliate products admin (/admin/affiliates, issue 12): routes and other features import from here only. */
export { AffiliatesScreen } from './components/affiliates-screen';
