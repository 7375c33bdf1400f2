import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFaq, Faq, UpdateFaq } from '../../../../shared/schemas/faqs';
import type { HelpConfig, UpdateHelpConfig } from '../../../../shared/schemas/help-config';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const adminFaqsQueryKey = ['faqs', 'admin'] as const;
export const helpConfigQueryKey = ['help-config'] as const;

/** `GET /api/faqs` (admin): every FAQ, published or not, in display order. */
export function getFaqsQueryOptions() {
  return queryOptions({
    queryKey: adminFaqsQueryKey,
    queryFn: ({ signal }) => apiRequest<Faq[]>('/api/faqs', { signal }),
    ...adminQueryDefaults,
  });
}

export const useFaqs = () => useQuery(getFaqsQueryOptions());

function useFaqMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminFaqsQueryKey }) });
}

/** `POST /api/faqs` (admin). */
export const useCreateFaq = () => useFaqMutation((input: CreateFaq) => apiRequest<Faq>('/api/faqs', { method: 'POST', body: input }));

/** `PATCH /api/faqs/{id}` (admin): the changed fields. */
export const useUpdateFaq = () =>
  useFaqMutation(({ id, changes }: { id: number; changes: UpdateFaq }) => apiRequest<Faq>(`/api/faqs/${id}`, { method: 'PATCH', body: changes }));

/** `DELETE /api/faqs/{id}` (admin). */
export const useDeleteFaq = () => useFaqMutation((id: number) => apiRequest<void>(`/api/faqs/${id}`, { method: 'DELETE' }));

const reorderMutationKey = ['faqs', 'reorder'] as const;

/**
 * `POST /api/faqs/reorder` (admin): every id in the new order. The list moves at once (optimistic); moves made in
 * quick succession (a key held down) are sent one after another in the order made (one mutation scope), and the list
 * is re-read once the last has answered. A refused move puts the list back.
 */
export function useReorderFaqs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reorderMutationKey,
    scope: { id: 'faq-reorder' },
    mutationFn: (ids: number[]) => apiRequest<Faq[]>('/api/faqs/reorder', { method: 'POST', body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: adminFaqsQueryKey });
      const previous = queryClient.getQueryData<Faq[]>(adminFaqsQueryKey);
      if (previous) {
        const byId = new Map(previous.map((faq) => [faq.id, faq]));
        queryClient.setQueryData<Faq[]>(
          adminFaqsQueryKey,
          ids.flatMap((id, index) => {
            const faq = byId.get(id);
            return faq ? [{ ...faq, displayOrder: index }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(adminFaqsQueryKey, context.previous);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: reorderMutationKey }) <= 1) void queryClient.invalidateQueries({ queryKey: adminFaqsQueryKey });
    },
  });
}

/** `GET /api/help-config`, past the browser's cache: the help page's video, or null. */
export function getHelpConfigQueryOptions() {
  return queryOptions({
    queryKey: helpConfigQueryKey,
    // The public answer is cacheable for 60 s; the editor must see a video another admin (or tab) saved meanwhile.
    // (This browser's own PUT/DELETE already evicts its cached copy.)
    queryFn: async ({ signal }) =>
      (await apiRequest<{ config: HelpConfig | null }>('/api/help-config', { signal, headers: { 'Cache-Control': 'no-cache' } })).config,
    ...adminQueryDefaults,
  });
}

export const useHelpConfig = () => useQuery(getHelpConfigQueryOptions());

/** `PUT /api/help-config` (admin). */
export function useSaveHelpConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateHelpConfig) => (await apiRequest<{ config: HelpConfig }>('/api/help-config', { method: 'PUT', body: input })).config,
    onSuccess: (config) => queryClient.setQueryData(helpConfigQueryKey, config),
  });
}

/** `DELETE /api/help-config` (admin): back to "coming soon". */
export function useClearHelpConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/help-config', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(helpConfigQueryKey, null),
  });
}
