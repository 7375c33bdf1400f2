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
