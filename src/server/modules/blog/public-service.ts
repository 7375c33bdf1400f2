/**
 * The public side of the blog: published posts only, Markdown rendered to sanitised HTML on the server
 * (the HTML is cached per post version, so a page view costs one indexed query and no rendering).
 */
import DOMPurify from 'isomorphic-dompurify';
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { marked } from 'marked';
import type { BlogCategory, PublicBlogPost, PublicBlogPostSummary } from '../../../shared/schemas/blog.ts';
import type { Database } from '../../db/client.ts';
import { blogCategories, blogPosts } from '../../db/schema.ts';

type PostRow = typeof blogPosts.$inferSelect;

const renderedHtml = new Map<string, { version: number; html: string }>();

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

function toSummary(row: PostRow): PublicBlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    authorName: row.authorName,
    category: row.category,
    tags: row.tags,
    readTimeMinutes: row.readTimeMinutes,
    isFeatured: row.isFeatured,
    featuredImageUrl: row.featuredImageUrl,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

const isLive = () => and(eq(blogPosts.isPublished, true), isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, new Date()));

export async function listPublishedPosts(db: Database): Promise<PublicBlogPostSummary[]> {
  const rows = await db.select().from(blogPosts).where(isLive()).orderBy(desc(blogPosts.publishedAt));
  return rows.map(toSummary);
}

export async function getPublishedPost(db: Database, slug: string): Promise<PublicBlogPost | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isLive()));
  if (!row) return null;
  const version = row.updatedAt.getTime();
  let cached = renderedHtml.get(row.id);
  if (!cached || cached.version !== version) {
    cached = { version, html: renderMarkdown(row.content) };
    renderedHtml.set(row.id, cached);
  }
  return {
    ...toSummary(row),
    authorBio: row.authorBio,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    contentHtml: cached.html,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCategories(db: Database): Promise<BlogCategory[]> {
  const rows = await db.select().from(blogCategories).orderBy(asc(blogCategories.name));
  return rows.map(({ id, name, slug, description, color }) => ({ id, name, slug, description, color }));
}
