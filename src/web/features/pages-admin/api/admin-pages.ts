/** `/api/pages` (admin): the list, one page, create, change, delete. */
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

/** Every write invalidates `pageKeys.all`: the list, the page and its history agree. */
export const pageKeys = {
  all: ['pages'] as const,
  list: (filters: PageFilters) => ['pages', 'admin', filters] as const,
  page: (id: number) => ['pages', 'detail', id] as const,
  revisions: (id: number) => ['pages', 'detail', id, 'revisions'] as const,
};

/** `GET /api/pages` (admin): searched, filtered, paged. */
export function usePages(filters: PageFilters) {
  const params = new URLSearchParams({ limit: String(PAGES_PAGE_SIZE), offset: String(filters.offset) });
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.published) params.set('published', filters.published);
  return useQuery({
    queryKey: pageKeys.list(filters),
    queryFn: ({ signal }) => apiRequest<PageList>(`/api/pages?${params}`, { signal }),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

/** `GET /api/pages/{id}` as an admin (null: not asked): the page as saved now, with its version. */
export function usePage(id: number | null) {
  return useQuery({
    queryKey: pageKeys.page(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Page>(`/api/pages/${id ?? 0}`, { signal }),
    enabled: id !== null,
    ...adminQueryDefaults,
  });
}

// After a refusal too: a 409 means the page changed since it was read.
function usePageMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: pageKeys.all }) });
}

export const useCreatePage = () =>
  usePageMutation((input: CreatePage) => apiRequest<Page>('/api/pages', { method: 'POST', body: input }));

/**
 * A change of the content names the `version` the editor read (decision 0080): a stale one answers 409 with who
 * saved since. Publishing or unpublishing alone (the list's switch) may leave it out.
 */
export const useUpdatePage = () =>
  usePageMutation(({ id, changes }: { id: number; changes: Partial<CreatePage> & { version?: number | undefined } }) =>
    apiRequest<Page>(`/api/pages/${id}`, { method: 'PATCH', body: changes }),
  );

export const useDeletePage = () =>
  usePageMutation((id: number) => apiRequest<void>(`/api/pages/${id}`, { method: 'DELETE' }));
