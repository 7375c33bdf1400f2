import { ResponsiveImageSchema } from './responsive-image.ts';
import { z } from 'zod';
import { blank, nullableText, booleanField, dateText, optionalFields } from './fields.ts';
import { safeString } from './text.ts';
import { nestedWriteBody, writeBody } from './wire.ts';
import { pagingQuery } from './paging.ts';
import { SLUG_FORMAT_TEXT, slugSchema } from './slug.ts';
import { versionField } from './revisions.ts';

/** A published post as the public blog lists it (no drafts, no admin fields). */
export const PublicBlogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  authorName: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  readTimeMinutes: z.number().int(),
  isFeatured: z.boolean(),
  featuredImageUrl: z.string().nullable(),
  /** The cover's alt text (issue 37 §6); null when the post has no cover or none was written. */
  featuredImageAlt: z.string().nullable(),
  /** The cover's box and sizes when it is an upload (issue 39 §3); absent for a cover from elsewhere. */
  featuredImage: ResponsiveImageSchema.nullable().optional(),
  publishedAt: z.string(),
});
export type PublicBlogPostSummary = z.infer<typeof PublicBlogPostSummarySchema>;

export const PublicBlogPostSchema = PublicBlogPostSummarySchema.extend({
  authorBio: z.string().nullable(),
  authorAvatarUrl: z.string().nullable().optional(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable().optional(),
  likeCount: z.number().int().optional(),
  /** The Markdown content rendered to sanitised HTML on the server. */
  contentHtml: z.string(),
  updatedAt: z.string(),
});
export type PublicBlogPost = z.infer<typeof PublicBlogPostSchema>;

export const BlogCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
});
export type BlogCategory = z.infer<typeof BlogCategorySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Blog CMS contract (issue 11): admin posts, inputs, list query, categories, tags, ads, links, stats, uploads.
// Inputs speak the spec §3 snake_case form fields; camelCase keys are accepted as aliases (snake_case wins when
// both are sent). Outputs are camelCase, dates ISO 8601 strings.
// ---------------------------------------------------------------------------------------------------------------

export const BLOG_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];
/** The admin list's status filter: a status, or the drafts submitted for review (decision 0058). */
export const BLOG_POST_LIST_FILTERS = [...BLOG_POST_STATUSES, 'submitted'] as const;
export type BlogPostListFilter = (typeof BLOG_POST_LIST_FILTERS)[number];
export const BLOG_AD_TYPES = ['banner', 'inline', 'sidebar', 'affiliate_link'] as const;
export type BlogAdType = (typeof BLOG_AD_TYPES)[number];
export const BLOG_AD_POSITIONS = ['top', 'middle', 'bottom', 'sidebar'] as const;
export type BlogAdPosition = (typeof BLOG_AD_POSITIONS)[number];

/** Spec §3/§9 defaults. */
export const BLOG_DEFAULT_AUTHOR = 'JotIt Team';
export const BLOG_WORDS_PER_MINUTE = 200;
export const BLOG_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The spec §5 / §8 texts, exported so the admin forms and the tests use the same words. */
export const BLOG_TEXTS = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  authorRequired: 'Author name is required',
  categoryRequired: 'Category is required',
  readTime: 'Read time must be a number of at least 1 minute',
  slugFormat: SLUG_FORMAT_TEXT,
  slugTaken: (slug: string) => `The slug "${slug}" is already used by another post`,
  unknownCategory: (name: string) => `Category "${name}" does not exist`,
  categoryInUse: (name: string, count: number) =>
    `Category "${name}" is used by ${count} post${count === 1 ? '' : 's'} and cannot be deleted`,
  categoryTaken: 'A category with this name or slug already exists',
  tagTaken: 'A tag with this name or slug already exists',
  adNameRequired: 'Name is required',
  adContentRequired: 'Content is required',
  adType: 'Type must be one of banner, inline, sidebar, affiliate_link',
  adPosition: 'Position must be one of top, middle, bottom, sidebar',
  adPriority: 'Priority must be a number of at least 1',
  invalidUrl: (label: string) => `${label} must be a valid URL`,
  uploadType: 'Only PNG, JPEG, WebP and GIF images can be uploaded',
  uploadTooLarge: 'The file is larger than 5 MB',
  uploadMissing: 'No file was uploaded',
  /** Issue 39 §3: what the image sizes are made from is refused before anything is stored. */
  uploadTooManyPixels: 'The image is larger than 40 megapixels',
  uploadTooWide: 'The image is wider or taller than 10,000 pixels',
  uploadCorrupt: 'The file is not a whole, valid image',
} as const;
/** Issue 39 §3: the largest image an upload may be (decoded, its pixels count, not its bytes). */
export const BLOG_UPLOAD_MAX_PIXELS = 40_000_000;
export const BLOG_UPLOAD_MAX_SIDE = 10_000;

/** Status of a post at `now` (spec §4 + issue 11: published with a future date = scheduled). */
export function blogPostStatus(post: { isPublished: boolean; publishedAt: string | null }, now: number = Date.now()): BlogPostStatus {
  if (!post.isPublished) return 'draft';
  return post.publishedAt && Date.parse(post.publishedAt) > now ? 'scheduled' : 'published';
}

/** Read time estimate from the word count (the editor's default for read_time_minutes). */
export function estimateReadTime(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / BLOG_WORDS_PER_MINUTE));
}

/** An absolute http(s) URL or a path of an uploaded file (`/uploads/…`); blank or null → null. */
export const isBlogUrl = (value: string) => {
  if (/^\/uploads\/[A-Za-z0-9._-]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
const nullableUrl = (label: string) =>
  z.preprocess(
    blank,
    safeString(label)
      .trim()
      .max(2000, BLOG_TEXTS.invalidUrl(label))
      .refine(isBlogUrl, BLOG_TEXTS.invalidUrl(label))
      .nullable()
      .optional(),
  );

const requiredField = (label: string, message: string, max: number) =>
  safeString(label, { error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

/** A number ≥ 1 (numeric strings accepted); `message` otherwise. */
const positiveInt = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(100_000, message),
  );

/** Spec §5: tags split on commas, trimmed, empties dropped (an array or one comma-separated string). */
export const TagsInputSchema = z.preprocess(
  (value) => {
    if (value === null || value === undefined) return [];
    const parts = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.flatMap((t) => (typeof t === 'string' ? t.split(',') : [t])) : value;
    if (!Array.isArray(parts)) return parts;
    const seen = new Set<string>();
    return parts
      .map((t) => (typeof t === 'string' ? t.trim() : t))
      .filter((t) => t !== '')
      .filter((t) => (typeof t === 'string' ? !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()) : true));
  },
  z.array(safeString('Tag').max(50, 'A tag must be at most 50 characters'), { error: 'Tags must be a list or comma-separated text' }).max(20, 'At most 20 tags'),
);

export const BlogSlugSchema = slugSchema(200);

/** ISO 8601 or `datetime-local`; blank or null clears it. */
const nullableDate = (label: string) => z.preprocess(blank, dateText(label).nullable().optional());

/** A post's ads at their positions (position defaults to middle), saved with the post (issue 28 §3). */
const postAdLinksField = z
  .array(
    nestedWriteBody({
      ad_id: z.coerce.number({ error: 'Ad id must be a number' }).int().positive().max(2_147_483_647),
      position: z.enum(BLOG_AD_POSITIONS, { error: BLOG_TEXTS.adPosition }).default('middle'),
    }),
    { error: 'Ad links must be a list' },
  )
  .max(20, 'At most 20 ads per post');

/** The chosen related posts, in order (the post itself is left out), saved with the post. */
const relatedPostIdsField = z
  .array(z.uuid({ error: 'Related post ids must be post ids' }), { error: 'Related post ids must be a list' })
  .max(10, 'At most 10 related posts');

const postFields = {
  title: requiredField('Title', BLOG_TEXTS.titleRequired, 200),
  slug: z.preprocess(blank, BlogSlugSchema.nullable().optional()),
  excerpt: nullableText('Excerpt', 1000),
  content: requiredField('Content', BLOG_TEXTS.contentRequired, 200_000),
  featured_image_url: nullableUrl('Featured image URL'),
  /** What the cover shows, for screen readers (issue 37 §6): plain text, rendered as the `alt` of the cover. */
  featured_image_alt: nullableText('Cover alt text', 300),
  meta_title: nullableText('Meta title', 200),
  meta_description: nullableText('Meta description', 500),
  meta_keywords: nullableText('Meta keywords', 500),
  author_name: requiredField('Author name', BLOG_TEXTS.authorRequired, 100),
  author_bio: nullableText('Author bio', 1000),
  author_avatar_url: nullableUrl('Author avatar URL'),
  /** A category name (or slug) from the categories table. */
  category: requiredField('Category', BLOG_TEXTS.categoryRequired, 100),
  tags: TagsInputSchema,
  read_time_minutes: positiveInt(BLOG_TEXTS.readTime),
  is_published: booleanField('Published'),
  is_featured: booleanField('Featured'),
  published_at: nullableDate('Published date'),
  ad_links: postAdLinksField.optional(),
  related_post_ids: relatedPostIdsField.optional(),
};

/**
 * `POST /api/blog-posts` (admin): the post with its ad links and related posts, saved in one transaction. Defaults: author 'JotIt Team', draft, not featured, no tags, read time
 * estimated from the content. Published without `published_at` → now; published with a future date → scheduled.
 */
export const CreateBlogPostSchema = writeBody({
  ...postFields,
  author_name: postFields.author_name.default(BLOG_DEFAULT_AUTHOR),
  tags: postFields.tags.default([]),
  read_time_minutes: postFields.read_time_minutes.optional(),
  is_published: postFields.is_published.default(false),
  is_featured: postFields.is_featured.default(false),
});
export type CreateBlogPost = z.input<typeof CreateBlogPostSchema>;
export type CreateBlogPostInput = z.output<typeof CreateBlogPostSchema>;

/**
 * `PATCH /api/blog-posts/{id}` (admin): any of the fields; a blank slug regenerates it from the title. `ad_links`
 * and `related_post_ids`, when sent, replace the post's links in the same transaction (all or nothing).
 */
export const UpdateBlogPostSchema = writeBody({
  ...optionalFields(postFields),
  /** The version the editor read (decision 0064): a stale or missing one answers 409 with who saved since. */
  version: versionField,
});
export type UpdateBlogPost = z.input<typeof UpdateBlogPostSchema>;
export type UpdateBlogPostInput = z.output<typeof UpdateBlogPostSchema>;

/**
 * `POST /api/blog-posts/{id}/autosave` (issue 39 §1): the editor's unsaved content fields, stored as an autosave
 * revision over the post's content; the live post never changes. `version`: the version the editor was typing over.
 */
export const AutosaveBlogPostSchema = writeBody({
  ...optionalFields(postFields, [
    'title', 'excerpt', 'content', 'featured_image_url', 'featured_image_alt', 'meta_title', 'meta_description',
    'meta_keywords', 'author_name', 'category', 'tags',
  ]),
  version: versionField,
});
export type AutosaveBlogPost = z.input<typeof AutosaveBlogPostSchema>;
export type AutosaveBlogPostInput = z.output<typeof AutosaveBlogPostSchema>;

/** A post as the admin API returns it: every spec §3 field, counts and the derived status. */
export const AdminBlogPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  authorName: z.string(),
  authorBio: z.string().nullable(),
  authorAvatarUrl: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  featuredImageUrl: z.string().nullable(),
  featuredImageAlt: z.string().nullable(),
  isPublished: z.boolean(),
  isFeatured: z.boolean(),
  status: z.enum(BLOG_POST_STATUSES),
  viewCount: z.number().int(),
  likeCount: z.number().int(),
  readTimeMinutes: z.number().int(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().int().nullable(),
  /** When its author submitted the draft for review (decision 0058); null when it is not waiting for an editor. */
  submittedForReviewAt: z.string().nullable(),
  /** Incremented on every save (decision 0064): a save sends it back; also the single post's ETag. */
  version: z.number().int(),
});
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;

/** `GET /api/blog-posts/{id}` as an admin, and the answer to a save: the post with its related-post ids and ad links. */
export const AdminBlogPostDetailSchema = AdminBlogPostSchema.extend({
  relatedPostIds: z.array(z.string()),
  adLinks: z.array(z.lazy(() => BlogPostAdLinkSchema)),
});
export type AdminBlogPostDetail = z.infer<typeof AdminBlogPostDetailSchema>;

/**
 * `GET /api/blog-posts` query. Anonymous / non-admin: published posts only (a status other than published is 401/403). Admin: every post,
 * optionally filtered by status. `q` searches title, excerpt and slug; category = name or slug; tag = name.
 * Newest first (published date, else creation date); for editors, drafts submitted for review come first, longest waiting
 * first (decision 0058). `status=submitted`: the drafts waiting for review.
 */
export const BlogPostListQuerySchema = z.object({
  q: safeString('Search').trim().max(200).optional(),
  status: z.enum(BLOG_POST_LIST_FILTERS, { error: 'Status must be one of draft, scheduled, published, submitted' }).optional(),
  category: safeString('Category').trim().max(100).optional(),
  tag: safeString('Tag').trim().max(50).optional(),
  ...pagingQuery(20),
});
export type BlogPostListQuery = z.input<typeof BlogPostListQuerySchema>;

export const PublicBlogPostListSchema = z.object({ items: z.array(PublicBlogPostSummarySchema), total: z.number().int() });
export type PublicBlogPostList = z.infer<typeof PublicBlogPostListSchema>;
export const AdminBlogPostListSchema = z.object({ items: z.array(AdminBlogPostSchema), total: z.number().int() });
export type AdminBlogPostList = z.infer<typeof AdminBlogPostListSchema>;

// --- categories ------------------------------------------------------------------------------------------------

/** `GET /api/blog-categories` item (public): the category with the number of posts using it. */
export const BlogCategoryWithCountSchema = BlogCategorySchema.extend({ postCount: z.number().int(), createdAt: z.string() });
export type BlogCategoryWithCount = z.infer<typeof BlogCategoryWithCountSchema>;

const hexColor = z.preprocess(
  blank,
  safeString('Colour')
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour like #3b82f6')
    .transform((v) => v.toLowerCase())
    .nullable()
    .optional(),
);

/** `POST /api/blog-categories` (admin). Slug generated from the name when blank. */
export const CreateBlogCategorySchema = writeBody({
  name: requiredField('Name', 'Name is required', 100),
  slug: z.preprocess(blank, BlogSlugSchema.nullable().optional()),
  description: nullableText('Description', 500),
  color: hexColor,
});
export type CreateBlogCategory = z.input<typeof CreateBlogCategorySchema>;

/** `PATCH /api/blog-categories/{id}` (admin). Renaming updates the posts' category too. */
export const UpdateBlogCategorySchema = writeBody({
  name: requiredField('Name', 'Name is required', 100).optional(),
  slug: z.preprocess(blank, BlogSlugSchema.nullable().optional()),
  description: nullableText('Description', 500),
  color: hexColor,
});
export type UpdateBlogCategory = z.input<typeof UpdateBlogCategorySchema>;

// --- tags ------------------------------------------------------------------------------------------------------

/** `GET /api/blog-tags` item (public). The table is kept in step with the posts' tags on every save. */
export const BlogTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  postCount: z.number().int(),
  createdAt: z.string(),
});
export type BlogTag = z.infer<typeof BlogTagSchema>;

/** `POST /api/blog-tags`, `PATCH /api/blog-tags/{id}` (admin; a rename renames the tag in every post). */
export const BlogTagInputSchema = writeBody({
  name: requiredField('Name', 'Name is required', 50).refine((v) => !v.includes(','), 'A tag cannot contain a comma'),
  slug: z.preprocess(blank, BlogSlugSchema.nullable().optional()),
});
export type BlogTagInput = z.input<typeof BlogTagInputSchema>;

// --- ads -------------------------------------------------------------------------------------------------------

const adFields = {
  name: requiredField('Name', BLOG_TEXTS.adNameRequired, 200),
  type: z.enum(BLOG_AD_TYPES, { error: BLOG_TEXTS.adType }),
  content: requiredField('Content', BLOG_TEXTS.adContentRequired, 10_000),
  image_url: nullableUrl('Image URL'),
  target_url: nullableUrl('Target URL'),
  alt_text: nullableText('Alt text', 300),
  is_active: booleanField('Active'),
  position: z.enum(BLOG_AD_POSITIONS, { error: BLOG_TEXTS.adPosition }),
  priority: positiveInt(BLOG_TEXTS.adPriority),
  /** An affiliate_link ad may point at an affiliate product (issue 12): its public link is then /go/{id}. */
  affiliate_product_id: z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    z.number({ error: 'Affiliate product must be a product id' }).int('Affiliate product must be a product id').positive('Affiliate product must be a product id').max(2_147_483_647, 'Affiliate product must be a product id').nullable().optional(),
  ),
};

/** `POST /api/blog-ads` (admin). Defaults: type banner, position top, priority 1, active. */
export const CreateBlogAdSchema = writeBody({
  ...adFields,
  type: adFields.type.default('banner'),
  is_active: adFields.is_active.default(true),
  position: adFields.position.default('top'),
  priority: adFields.priority.default(1),
});
export type CreateBlogAd = z.input<typeof CreateBlogAdSchema>;

/** `PATCH /api/blog-ads/{id}` (admin): partial ad fields. */
export const UpdateBlogAdSchema = writeBody({
  name: adFields.name.optional(),
  type: adFields.type.optional(),
  content: adFields.content.optional(),
  image_url: adFields.image_url,
  target_url: adFields.target_url,
  alt_text: adFields.alt_text,
  is_active: adFields.is_active.optional(),
  position: adFields.position.optional(),
  priority: adFields.priority.optional(),
  affiliate_product_id: adFields.affiliate_product_id,
});
export type UpdateBlogAd = z.input<typeof UpdateBlogAdSchema>;

export const BlogAdSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(BLOG_AD_TYPES),
  content: z.string(),
  imageUrl: z.string().nullable(),
  altText: z.string().nullable(),
  targetUrl: z.string().nullable(),
  position: z.enum(BLOG_AD_POSITIONS),
  priority: z.number().int(),
  isActive: z.boolean(),
  /** The affiliate product an affiliate_link ad points at (issue 12), or null. */
  affiliateProductId: z.number().int().nullable(),
  /** How many posts link this ad. */
  postCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().int().nullable(),
});
export type BlogAd = z.infer<typeof BlogAdSchema>;

/** An ad as the public post page shows it (active ads linked to the post, at the link's position). */
export const PublicBlogAdSchema = BlogAdSchema.pick({ id: true, name: true, type: true, content: true, imageUrl: true, altText: true, targetUrl: true, priority: true }).extend({
  position: z.enum(BLOG_AD_POSITIONS),
});
export type PublicBlogAd = z.infer<typeof PublicBlogAdSchema>;

// --- post-ad links and related posts ---------------------------------------------------------------------------

export const BlogPostAdLinkSchema = z.object({
  id: z.number().int(),
  postId: z.string(),
  adId: z.number().int(),
  position: z.enum(BLOG_AD_POSITIONS),
  createdAt: z.string(),
});
export type BlogPostAdLink = z.infer<typeof BlogPostAdLinkSchema>;

// --- views and likes -------------------------------------------------------------------------------------------

/**
 * `POST /api/blog-posts/{id}/view` (public, rate-limited): counted once per visitor per day, bots never. Answers the
 * current counts too (the public page is served from a cache, so the like button takes its count from here).
 */
export const BlogViewResultSchema = z.object({ counted: z.boolean(), viewCount: z.number().int(), likeCount: z.number().int() });
export type BlogViewResult = z.infer<typeof BlogViewResultSchema>;

/** `POST` (like) / `DELETE` (undo) `/api/blog-posts/{id}/like` (public, rate-limited, once per browser). */
export const BlogLikeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type BlogLikeResult = z.infer<typeof BlogLikeResultSchema>;

// --- stats -----------------------------------------------------------------------------------------------------

/** `GET /api/blog-stats` (admin): the four summary cards and the Analytics tab. */
export const BlogStatsSchema = z.object({
  totalPosts: z.number().int(),
  publishedPosts: z.number().int(),
  scheduledPosts: z.number().int(),
  draftPosts: z.number().int(),
  categories: z.number().int(),
  activeAds: z.number().int(),
  totalAds: z.number().int(),
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  /** Every post's counts, most viewed first. */
  posts: z.array(
    z.object({ id: z.string(), title: z.string(), slug: z.string(), status: z.enum(BLOG_POST_STATUSES), viewCount: z.number().int(), likeCount: z.number().int() }),
  ),
  /** The 5 most viewed posts. */
  topPosts: z.array(z.object({ id: z.string(), title: z.string(), slug: z.string(), viewCount: z.number().int(), likeCount: z.number().int() })),
  /** 30 entries, oldest first, one per UTC day ending today; days without views have 0. */
  viewsPerDay: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), views: z.number().int() })),
});
export type BlogStats = z.infer<typeof BlogStatsSchema>;

// --- uploads ---------------------------------------------------------------------------------------------------

/** `POST /api/uploads` (admin, multipart field `file`). `url` is a site path, usable in any image URL field. */
export const UploadResultSchema = z.object({
  url: z.string().describe('/uploads/{name}'),
  name: z.string(),
  contentType: z.enum(BLOG_UPLOAD_TYPES),
  size: z.number().int(),
  /** Markdown the editor can insert: `![](url)`. */
  markdown: z.string(),
  /** The image's box (orientation applied); its sizes are made in the background (decision 0065). */
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

// --- Stay Updated ----------------------------------------------------------------------------------------------

/** The lead source of the blog's Stay Updated box. */
export const BLOG_SUBSCRIBE_SOURCE = 'blog-subscribe';

/**
 * `POST /api/blog-subscribe` (public, captcha + honeypot like every public form): stores a lead with source
 * `blog-subscribe` (no first name, no download e-mail; the Kit sync is queued as for every lead).
 */
export const BlogSubscribeSchema = z.object({
  email: safeString('Email', { error: 'Valid email is required' }).trim().max(254, 'Valid email is required').pipe(z.email({ error: 'Valid email is required' })),
  captcha: safeString().max(10_000).optional(),
  website: safeString().max(2000).optional(),
});
export type BlogSubscribe = z.infer<typeof BlogSubscribeSchema>;
