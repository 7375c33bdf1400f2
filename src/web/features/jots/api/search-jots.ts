import { useMutation } from '@tanstack/react-query';
import type { JotSearch, JotSearchResult } from '../../../../shared/schemas/jots';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/jots-search` with the admin's bearer token: matches among every jot. */
export function searchJots(search: JotSearch): Promise<JotSearchResult> {
  return apiRequest<JotSearchResult>('/api/jots-search', { method: 'POST', body: search });
}

export function useSearchJots() {
  return useMutation({ mutationFn: searchJots });
}
