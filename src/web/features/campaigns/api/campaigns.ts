/** `/api/campaigns` (admin): the list with its 30-day figures, create, change, delete. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCampaignList, Campaign, CreateCampaign, UpdateCampaign } from '../../../../shared/schemas/campaigns';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const campaignKeys = { all: ['campaigns', 'admin'] as const };

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

function useCampaignMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }) });
}

export const useSaveCampaign = () =>
  useCampaignMutation(({ id, input }: { id: number | null; input: CreateCampaign | UpdateCampaign }) =>
    id === null
      ? apiRequest<Campaign>('/api/campaigns', { method: 'POST', body: input })
      : apiRequest<Campaign>(`/api/campaigns/${id}`, { method: 'PATCH', body: input }),
  );

export const useDeleteCampaign = () =>
  useCampaignMutation((id: number) => apiRequest<void>(`/api/campaigns/${id}`, { method: 'DELETE' }));
