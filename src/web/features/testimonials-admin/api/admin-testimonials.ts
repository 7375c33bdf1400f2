import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTestimonial, Testimonial, TestimonialList } from '../../../../shared/schemas/testimonials';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export interface TestimonialFilters {
  q: string | undefined;
  /** Undefined: every testimonial. */
  published: 'true' | 'false' | undefined;
  offset: number;
}

export const TESTIMONIALS_PAGE_SIZE = 20;

/** `GET /api/testimonials` (admin): searched, filtered, paged. */
export function useTestimonials(filters: TestimonialFilters) {
  const params = new URLSearchParams({ limit: String(TESTIMONIALS_PAGE_SIZE), offset: String(filters.offset) });
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.published) params.set('published', filters.published);
  return useQuery({
    queryKey: ['testimonials', 'admin', filters],
    queryFn: ({ signal }) => apiRequest<TestimonialList>(`/api/testimonials?${params}`, { signal }),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

function useTestimonialMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['testimonials'] }) });
}

export const useCreateTestimonial = () =>
  useTestimonialMutation((input: CreateTestimonial) => apiRequest<Testimonial>('/api/testimonials', { method: 'POST', body: input }));

export const useUpdateTestimonial = () =>
  useTestimonialMutation(({ id, changes }: { id: number; changes: Partial<CreateTestimonial> }) =>
    apiRequest<Testimonial>(`/api/testimonials/${id}`, { method: 'PATCH', body: changes }),
  );

export const useDeleteTestimonial = () => useTestimonialMutation((id: number) => apiRequest<void>(`/api/testimonials/${id}`, { method: 'DELETE' }));
