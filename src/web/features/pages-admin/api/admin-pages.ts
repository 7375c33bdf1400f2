import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePage, Page, PageList } from '../../../../shared/schemas/pages';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export interface PageFilters {
  q?: string | undefined;
  published?: 'true' | 'false' | undefined;
  offset: number;
}

export const PAGES_PAGE_SIZE = 20;

/** `GET /api/pages` (admin): searched, filtered, paged. */
export function usePages(filters: PageFilters) {
  const params = new URLSearchParams({ limit: String(PAGES_PAGE_SIZE), offset: String(filters.offset) });
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.published) params.set('published', filters.published);
  return useQuery({
    queryKey: ['pages', 'admin', filters],
    queryFn: ({ signal }) => apiRequest<PageList>(`/api/pages?${params}`, { signal }),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

function usePageMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pages'] }) });
}

export const useCreatePage = () =>
  usePageMutation((input: CreatePage) => apiRequest<Page>('/api/pages', { method: 'POST', body: input }));

export const useUpdatePage = () =>
  usePageMutation(({ id, changes }: { id: number; changes: Partial<CreatePage> }) =>
    apiRequest<Page>(`/api/pages/${id}`, { method: 'PATCH', body: changes }),
  );

export const useDeletePage = () =>
  usePageMutation((id: number) => apiRequest<void>(`/api/pages/${id}`, { method: 'DELETE' }));
