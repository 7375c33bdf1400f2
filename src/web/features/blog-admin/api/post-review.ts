/**
 * Post review (decision 0058): `POST /api/blog-posts/{id}/submit` — an author submits their draft — and
 * `…/withdraw` — the author takes it back, or an editor returns it to its author. Both answer the post.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPostDetail } from '../../../../shared/schemas/blog';
import { apiRequest } from '~/lib/api-client';
import { blogAdminKeys } from './keys';

export type ReviewStep = 'submit' | 'withdraw';

export function setPostReview({ id, step }: { id: string; step: ReviewStep }): Promise<AdminBlogPostDetail> {
  return apiRequest<AdminBlogPostDetail>(`/api/blog-posts/${encodeURIComponent(id)}/${step}`, { method: 'POST', body: {} });
}

export function useSetPostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPostReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
