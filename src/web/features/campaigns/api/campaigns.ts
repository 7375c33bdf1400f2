/** `/api/campaigns` (admin): the list with its 30-day figures, one campaign, create, change, delete. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCampaign, AdminCampaignList, Campaign, CreateCampaign, UpdateCampaign } from '../../../../shared/schemas/campaigns';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

/** Every write invalidates `campaignKeys.all`: the list, the campaign and its history agree. */
export const campaignKeys = {
  all: ['campaigns', 'admin'] as const,
  campaign: (id: number) => ['campaigns', 'admin', 'detail', id] as const,
  revisions: (id: number) => ['campaigns', 'admin', 'detail', id, 'revisions'] as const,
};

export interface CampaignFilters {
  q?: string | undefined;
  active?: 'true' | 'false' | undefined;
  offset: number;
  limit: number;
}

export function useCampaigns(filters: CampaignFilters) {
  const params = new URLSearchParams({ limit: String(filters.limit), offset: String(filters.offset) });
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.active) params.set('active', filters.active);
  return useQuery({
    queryKey: [...campaignKeys.all, params.toString()],
    queryFn: ({ signal }) => apiRequest<AdminCampaignList>(`/api/campaigns?${params}`, { signal }),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

/** `GET /api/campaigns/{id}` as an admin (null: not asked): the campaign as saved now, with its version. */
export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: campaignKeys.campaign(id ?? 0),
    queryFn: ({ signal }) => apiRequest<AdminCampaign>(`/api/campaigns/${id ?? 0}`, { signal }),
    enabled: id !== null,
    ...adminQueryDefaults,
  });
}

// After a refusal too: a 409 means the campaign changed since it was read.
function useCampaignMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }) });
}

/**
 * Creates or changes a campaign. A change of its landing content names the `version` the editor read (decision
 * 0080): a stale one answers 409 with who saved since. Switching it on or off alone (the list's switch) may leave
 * it out.
 */
export const useSaveCampaign = () =>
  useCampaignMutation(({ id, input }: { id: number | null; input: CreateCampaign | UpdateCampaign }) =>
    id === null
      ? apiRequest<Campaign>('/api/campaigns', { method: 'POST', body: input })
      : apiRequest<Campaign>(`/api/campaigns/${id}`, { method: 'PATCH', body: input }),
  );

export const useDeleteCampaign = () =>
  useCampaignMutation((id: number) => apiRequest<void>(`/api/campaigns/${id}`, { method: 'DELETE' }));
