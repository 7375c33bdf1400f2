/** Campaigns admin (/admin/campaigns, issue 12): routes import from here only. */
export { CampaignsScreen } from './components/campaigns-screen';
