/** Query keys of the blog admin: every write invalidates `blogAdminKeys.all` so the cards, lists and stats agree. */
export const blogAdminKeys = {
  all: ['blog-admin'] as const,
  posts: (filters: { q?: string; status?: string }) => ['blog-admin', 'posts', filters] as const,
  post: (id: string) => ['blog-admin', 'post', id] as const,
  revisions: (postId: string) => ['blog-admin', 'post', postId, 'revisions'] as const,
  categories: ['blog-admin', 'categories'] as const,
  tags: ['blog-admin', 'tags'] as const,
  ads: ['blog-admin', 'ads'] as const,
  stats: ['blog-admin', 'stats'] as const,
};
