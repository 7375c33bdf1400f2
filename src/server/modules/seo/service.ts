/** robots.txt and sitemap.xml (issue 5, SEO): every public page and every published blog post. */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blogPosts, pages } from '../../db/schema.ts';
import { plainText } from '../../../shared/format.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { isLive } from '../blog/live.ts';

/** The public pages of spec §2's route table, with how often they change. */
export const SITEMAP_PAGES: ReadonlyArray<{ path: string; changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly'; priority: string }> = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/about', changefreq: 'monthly', priority: '0.7' },
  { path: '/help', changefreq: 'weekly', priority: '0.8' },
  { path: '/blog', changefreq: 'weekly', priority: '0.8' },
  { path: '/share-it', changefreq: 'monthly', priority: '0.5' },
  { path: '/contact', changefreq: 'yearly', priority: '0.5' },
  { path: '/feedback', changefreq: 'yearly', priority: '0.4' },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.3' },
  { path: '/terms-of-service', changefreq: 'yearly', priority: '0.3' },
];

/** Pages that are private, per-user or hold one-time tokens: no crawling (they are not in the sitemap either). */
const DISALLOWED = ['/admin', '/api/', '/api-tester', '/overview', '/login', '/reset-password', '/confirm-email', '/staff-invite', '/docs'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function sitemapXml(db: Database, publicUrl: string, now: Date = new Date()): Promise<string> {
  const posts = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(and(isLive(now), isNotNull(blogPosts.slug)))
    .orderBy(desc(blogPosts.publishedAt));
  // Published content pages (issue 12): /p/{slug}.
  const contentPages = await db
    .select({ slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.isPublished, true))
    .orderBy(pages.slug);
  const entry = (path: string, extra: string) => `  <url>\n    <loc>${escapeHtml(`${publicUrl}${path}`)}</loc>\n${extra}  </url>`;
  const urls = [
    ...SITEMAP_PAGES.map((page) =>
      entry(page.path, `    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority}</priority>\n`),
    ),
    ...posts.map((post) =>
      entry(
        `/blog/${encodeURIComponent(post.slug)}`,
        `    <lastmod>${post.updatedAt.toISOString()}</lastmod>\n    <changefreq>monthly</changefreq>\n    <priority>0.6</priority>\n`,
      ),
    ),
    ...contentPages.map((page) =>
      entry(
        `/p/${encodeURIComponent(page.slug)}`,
        `    <lastmod>${page.updatedAt.toISOString()}</lastmod>\n    <changefreq>monthly</changefreq>\n    <priority>0.5</priority>\n`,
      ),
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

const RSS_ITEMS = 50;

/** RSS 2.0 of the live blog posts (issue 11 item 6), newest first; scheduled posts and drafts never appear. */
export async function rssXml(db: Database, publicUrl: string, now: Date = new Date()): Promise<string> {
  const posts = await db
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      authorName: blogPosts.authorName,
      category: blogPosts.category,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(isLive(now))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(RSS_ITEMS);
  // Text, never HTML (issue 27 §2): feed readers decode a description once and render it, so every field is
  // stripped to plain text, then escaped once here.
  const text = (value: string) => escapeHtml(plainText(value));
  const items = posts.map((post) => {
    const link = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
    return [
      '    <item>',
      `      <title>${text(post.title)}</title>`,
      `      <link>${escapeHtml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
      `      <pubDate>${(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
      `      <dc:creator>${text(post.authorName)}</dc:creator>`,
      `      <category>${text(post.category)}</category>`,
      post.excerpt ? `      <description>${text(post.excerpt)}</description>` : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  const latest = posts[0]?.publishedAt ?? now;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    '    <title>JotIt! Blog</title>',
    `    <link>${escapeHtml(`${publicUrl}/blog`)}</link>`,
    `    <atom:link href="${escapeHtml(`${publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    '    <description>Security, engineering and development notes from the JotIt team.</description>',
    '    <language>en-us</language>',
    `    <lastBuildDate>${latest.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
