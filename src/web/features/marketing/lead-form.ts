/** A default export of the lead form, for `React.lazy` (the home page splits it out of its first load). */
export { LeadForm as default } from './components/lead-form';
