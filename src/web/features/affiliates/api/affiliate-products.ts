/** `/api/affiliate-products` (admin): the list with 30-day clicks, create, change, delete. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAffiliateProductList,
  AffiliateProduct,
  CreateAffiliateProduct,
  UpdateAffiliateProduct,
} from '../../../../shared/schemas/affiliate-products';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const affiliateKeys = { all: ['affiliate-products', 'admin'] as const };

export interface AffiliateFilters {
  q?: string | undefined;
  active?: 'true' | 'false' | undefined;
  offset: number;
  limit: number;
}

export function useAffiliateProducts(filters: AffiliateFilters) {
  const params = new URLSearchParams({ limit: String(filters.limit), offset: String(filters.offset) });
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.active) params.set('active', filters.active);
  return useQuery({
    queryKey: [...affiliateKeys.all, params.toString()],
    queryFn: ({ signal }) => apiRequest<AdminAffiliateProductList>(`/api/affiliate-products?${params}`, { signal }),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

function useProductMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliateKeys.all }) });
}

export const useSaveAffiliateProduct = () =>
  useProductMutation(({ id, input }: { id: number | null; input: CreateAffiliateProduct | UpdateAffiliateProduct }) =>
    id === null
      ? apiRequest<AffiliateProduct>('/api/affiliate-products', { method: 'POST', body: input })
      : apiRequest<AffiliateProduct>(`/api/affiliate-products/${id}`, { method: 'PATCH', body: input }),
  );

export const useDeleteAffiliateProduct = () =>
  useProductMutation((id: number) => apiRequest<void>(`/api/affiliate-products/${id}`, { method: 'DELETE' }));
