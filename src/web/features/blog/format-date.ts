const formatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Spec §9: blog dates in en-US short format, e.g. "Nov 4, 2025" (UTC, so server and browser agree). */
export function formatBlogDate(iso: string): string {
  return formatter.format(new Date(iso));
}
