/** The ad dialog's product picker (issue 12): every affiliate product, one page of 100. */
import { useQuery } from '@tanstack/react-query';
import type { AdminAffiliateProductList } from '../../../../shared/schemas/affiliate-products';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export function useAffiliateProductOptions() {
  return useQuery({
    queryKey: ['affiliate-products', 'admin', 'options'],
    queryFn: ({ signal }) => apiRequest<AdminAffiliateProductList>('/api/affiliate-products?limit=100', { signal }),
    ...adminQueryDefaults,
  });
}
