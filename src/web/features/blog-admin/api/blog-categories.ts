/** `/api/blog-categories`: the public list (with post counts) and the admin's create, edit and delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogCategoryWithCount, CreateBlogCategory, UpdateBlogCategory } from '../../../../shared/schemas/blog';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { blogAdminKeys } from './keys';

export function getBlogCategories(signal?: AbortSignal): Promise<BlogCategoryWithCount[]> {
  return apiRequest<BlogCategoryWithCount[]>('/api/blog-categories', { signal });
}

export function useBlogCategories() {
  return useQuery({
    queryKey: blogAdminKeys.categories,
    queryFn: ({ signal }) => getBlogCategories(signal),
    ...adminQueryDefaults,
  });
}

export function saveBlogCategory({ id, input }: { id: number | null; input: CreateBlogCategory | UpdateBlogCategory }) {
  return id === null
    ? apiRequest<BlogCategoryWithCount>('/api/blog-categories', { method: 'POST', body: input })
    : apiRequest<BlogCategoryWithCount>(`/api/blog-categories/${id}`, { method: 'PATCH', body: input });
}

export function useSaveBlogCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlogCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}

export function deleteBlogCategory(id: number): Promise<void> {
  return apiRequest<void>(`/api/blog-categories/${id}`, { method: 'DELETE' });
}

export function useDeleteBlogCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
