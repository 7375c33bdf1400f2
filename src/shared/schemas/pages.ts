import { z } from 'zod';
import { blank, optionalFields } from './fields.ts';
import { BlogSlugSchema } from './blog.ts';
import { safeString } from './text.ts';
import { writeBody } from './wire.ts';
import { pagingQuery } from './paging.ts';
import { versionField } from './revisions.ts';

/**
 * Pages (spec §3 Page; §4: isPublished, a new page is a draft by default), served at `/p/{slug}`. The API takes
 * the snake_case form fields (camelCase aliases accepted) and answers camelCase, as the blog does.
 */
export const PAGE_TEXTS = {
  titleRequired: 'Title is required',
  slugTaken: (slug: string) => `The slug "${slug}" is already used by another page`,
  notFound: 'Page not found',
} as const;

const fields = {
  title: safeString('Title', { error: PAGE_TEXTS.titleRequired }).trim().min(1, PAGE_TEXTS.titleRequired).max(200, 'Title must be at most 200 characters'),
  /** Blank: generated from the title on the server (and kept unique). */
  slug: z.preprocess(blank, BlogSlugSchema.nullable().optional()),
  /** Markdown. */
  content: z.preprocess(blank, safeString('Content').max(200_000, 'Content must be at most 200000 characters').nullable().optional()),
  meta_description: z.preprocess(
    blank,
    safeString('Meta description').trim().max(500, 'Meta description must be at most 500 characters').nullable().optional(),
  ),
  is_published: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: 'Published must be true or false' }),
  ),
};

/** `POST /api/pages` (admin). */
export const CreatePageSchema = writeBody({ ...fields, is_published: fields.is_published.default(false) });
export type CreatePage = z.input<typeof CreatePageSchema>;

/**
 * `PATCH /api/pages/{id}` (admin): any of the fields; a blank slug regenerates it from the title. A change of its
 * content (title, slug, content, meta description) names the `version` it read: stale or missing is a 409 (decision
 * 0080); publishing or unpublishing alone may leave it out.
 */
export const UpdatePageSchema = writeBody({ ...optionalFields(fields), version: versionField });

/** `POST /api/pages/{id}/autosave` (admin): the editor's unsaved text, stored as an autosave revision only. */
export const AutosavePageSchema = writeBody({ ...optionalFields({ title: fields.title, content: fields.content, meta_description: fields.meta_description }), version: versionField });
export type AutosavePage = z.input<typeof AutosavePageSchema>;
export type UpdatePage = Record<string, unknown>;

export const PageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string().nullable(),
  metaDescription: z.string().nullable(),
  isPublished: z.boolean(),
  /** Moves on every save; a content change names the one it read (decision 0080). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof PageSchema>;

/** A published page as the public sees it: its Markdown rendered to sanitised HTML. */
export const PublicPageSchema = PageSchema.omit({ isPublished: true, createdAt: true, content: true, version: true }).extend({ contentHtml: z.string() });
export type PublicPage = z.infer<typeof PublicPageSchema>;

/** A published page in a list (footer, sitemap). */
export const PageLinkSchema = z.object({ title: z.string(), slug: z.string(), updatedAt: z.string() });
export type PageLink = z.infer<typeof PageLinkSchema>;

export const PageListQuerySchema = z.object({
  /** `true`: published only (anyone). Absent or `false`: admins only. */
  published: z.enum(['true', 'false'], { error: 'Published must be true or false' }).optional(),
  q: safeString('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  ...pagingQuery(20),
});
export type PageListQuery = z.input<typeof PageListQuerySchema>;

export const PageListSchema = z.object({ items: z.array(PageSchema), total: z.number().int() });
export type PageList = z.infer<typeof PageListSchema>;
export const PageLinkListSchema = z.object({ items: z.array(PageLinkSchema), total: z.number().int() });
