/** The leads feature's public surface (Leads Management, issue 10): routes import from here only. */
export { getLeadsQueryOptions, useLead, useLeads, useLeadSources } from './api/get-leads';
export { downloadLeadsCsv, useExportLeads } from './api/export-leads';
export { useBulkLeadAction, useDeleteLead, useRetryLeadSync } from './api/lead-actions';
export { LEADS_PAGE_SIZE, LeadsScreen } from './components/leads-screen';
