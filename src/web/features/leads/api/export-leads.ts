import { useMutation } from '@tanstack/react-query';
import type { LeadFiltersInput } from '../../../../shared/schemas/leads';
import { ApiError, readAuthToken } from '~/lib/api-client';
import { leadQueryString } from './get-leads';

const FALLBACK_NAME = 'JotIt-leads.csv';

/** The file name the server chose (`Content-Disposition: attachment; filename="JotIt-leads-2026-11-24.csv"`). */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? FALLBACK_NAME;
}

/**
 * `GET /api/leads/export.csv` with the current filters (or the selection's `ids`), then saves the file. The call
 * needs the bearer token, so it is a fetch and a download of the answer, not a plain link.
 */
export async function downloadLeadsCsv(query: LeadFiltersInput & { ids?: number[] }): Promise<string> {
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch(`/api/leads/export.csv${leadQueryString(query)}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError('Network error', 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiError(typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`, response.status);
  }
  const name = fileNameOf(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has handed the file to the browser by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

export function useExportLeads() {
  return useMutation({ mutationFn: downloadLeadsCsv });
}
