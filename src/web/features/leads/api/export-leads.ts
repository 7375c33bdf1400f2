import { useMutation } from '@tanstack/react-query';
import type { LeadFiltersInput } from '../../../../shared/schemas/leads';
import { downloadFile } from '~/lib/download-file';
import { leadQueryString } from './get-leads';

/**
 * `GET /api/leads/export.csv` with the current filters (or the selection's `ids`), then saves the file the server
 * names (`JotIt-leads-2026-11-24.csv`).
 */
export function downloadLeadsCsv(query: LeadFiltersInput & { ids?: number[] }): Promise<string> {
  return downloadFile(`/api/leads/export.csv${leadQueryString(query)}`, 'JotIt-leads.csv');
}

export function useExportLeads() {
  return useMutation({ mutationFn: downloadLeadsCsv });
}
