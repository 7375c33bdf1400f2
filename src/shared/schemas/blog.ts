import { z } from 'zod';

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
  publishedAt: z.string(),
});
export type PublicBlogPostSummary = z.infer<typeof PublicBlogPostSummarySchema>;

export const PublicBlogPostSchema = PublicBlogPostSummarySchema.extend({
  authorBio: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
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
