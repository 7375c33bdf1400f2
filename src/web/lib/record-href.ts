/**
 * A record's admin screen filtered to it, by the screen's own search parameter in the URL: a lead or a user by
 * e-mail, a post by title. Shared by the audit log and the ⌘K palette.
 */
export function recordHref(entity: string, name: string): string | null {
  const search = (parameter: string, path: string) => `${path}?${new URLSearchParams({ [parameter]: name })}`;
  if (entity === 'lead') return search('q', '/admin/leads');
  if (entity === 'user') return search('q', '/admin/users');
  if (entity === 'blog_post') return search('q', '/admin/blog');
  return null;
}

/** The post editor's own address (decision 0072): a new post, or the post with this id. */
export function postEditorHref(id: string | null): string {
  return id === null ? '/admin/blog/new' : `/admin/blog/${encodeURIComponent(id)}/edit`;
}
