/** `GET /api/blog-stats` (admin): the four summary cards and the Analytics tab. */
import { useQuery } from '@tanstack/react-query';
import type { BlogStats } from '../../../../shared/schemas/blog';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { blogAdminKeys } from './keys';

export function getBlogStats(signal?: AbortSignal): Promise<BlogStats> {
  return apiRequest<BlogStats>('/api/blog-stats', { signal });
}

export function useBlogStats() {
  return useQuery({
    queryKey: blogAdminKeys.stats,
    queryFn: ({ signal }) => getBlogStats(signal),
    ...adminQueryDefaults,
  });
}
