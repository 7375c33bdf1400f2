import { safeString } from './text.ts';

/** One format for every slug (blog posts and tags, campaigns, pages): what a URL path segment can carry as is. */
export const SLUG_FORMAT_TEXT = 'Slug may contain only lowercase letters, digits and single hyphens';

/**
 * A slug a writer names (trimmed, lower-cased). Only `a-z`, `0-9` and single hyphens, so no slug carries a
 * character a pattern would read (`%`, `_`, `.`, `(`); src/server/lib/slugs.ts compares text anyway.
 */
export const slugSchema = (maxLength: number) =>
  safeString('Slug')
    .trim()
    .toLowerCase()
    .max(maxLength, `Slug must be at most ${maxLength} characters`)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT_TEXT);
