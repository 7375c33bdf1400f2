/**
 * Demo content (SEED_DEMO): idempotent — each part is added only when its table holds none of it yet,
 * so a restart never duplicates anything and an admin's edits are never overwritten.
 */
import { count } from 'drizzle-orm';
import { encryptV2 } from '../../shared/jot-crypto.ts';
import type { Database } from './client.ts';
import { affiliateProducts, banners, blogCategories, blogPosts, blogTags, buildGuids, campaigns, faqs, jots, pages, testimonials } from './schema.ts';
import {
  DEMO_AFFILIATE_PRODUCT,
  DEMO_APP_VERSIONS,
  DEMO_BLOG_CATEGORIES,
  DEMO_BLOG_POSTS,
  DEMO_BUILD_GUID,
  DEMO_CAMPAIGN,
  DEMO_FAQS,
  DEMO_JOT_LOCATIONS,
  DEMO_JOT_TEXTS,
  DEMO_PLUGINS,
  DEMO_WELCOME_BANNER,
  DEMO_PAGE,
  DEMO_TESTIMONIALS,
} from './seed-data.ts';

export const DEMO_JOT_COUNT = 50;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

async function isEmpty(db: Database, table: typeof banners | typeof faqs | typeof jots | typeof affiliateProducts | typeof testimonials): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(table);
  return (row?.value ?? 0) === 0;
}

/** A deterministic pseudo-random sequence, so the demo looks the same on every machine. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The demo blog's posts as rows, published: what the demo site and the pages bench (bench/pages.ts) serve. */
export function demoBlogPostRows(): Array<typeof blogPosts.$inferInsert> {
  return DEMO_BLOG_POSTS.map((post) => ({
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    authorName: post.authorName,
    authorBio: post.authorBio,
    category: post.category,
    tags: [...post.tags],
    readTimeMinutes: post.readTimeMinutes,
    isPublished: true,
    isFeatured: post.isFeatured,
    publishedAt: new Date(post.publishedAt),
    metaTitle: post.title,
    metaDescription: post.excerpt,
  }));
}

export async function seedDemoContent(db: Database, now = new Date()): Promise<void> {
  await db
    .insert(blogCategories)
    .values(DEMO_BLOG_CATEGORIES.map((category) => ({ ...category })))
    .onConflictDoNothing();

  await db.insert(blogPosts).values(demoBlogPostRows()).onConflictDoNothing();

  // The tags table is kept in step with posts by the blog service; the demo posts are written here, so their tags too.
  const demoTags = [...new Set(DEMO_BLOG_POSTS.flatMap((post) => post.tags))];
  await db
    .insert(blogTags)
    .values(demoTags.map((name) => ({ name, slug: name })))
    .onConflictDoNothing();

  if (await isEmpty(db, faqs)) {
    await db.insert(faqs).values(DEMO_FAQS.map((faq) => ({ ...faq, isPublished: true })));
  }

  if (await isEmpty(db, banners)) {
    await db.insert(banners).values({ ...DEMO_WELCOME_BANNER });
  }

  await db.insert(buildGuids).values({ ...DEMO_BUILD_GUID }).onConflictDoNothing();

  // Issue 12: a campaign landing page (/c/back-to-school) and an affiliate product.
  await db.insert(campaigns).values({ ...DEMO_CAMPAIGN }).onConflictDoNothing();
  if (await isEmpty(db, affiliateProducts)) {
    await db.insert(affiliateProducts).values({ ...DEMO_AFFILIATE_PRODUCT });
  }
  // Content collections (issue 12): testimonials for the home page, one page at /p/security-at-jotit.
  if (await isEmpty(db, testimonials)) {
    await db.insert(testimonials).values(DEMO_TESTIMONIALS.map((testimonial) => ({ ...testimonial, isPublished: true })));
  }
  await db.insert(pages).values({ ...DEMO_PAGE }).onConflictDoNothing();

  if (await isEmpty(db, jots)) {
    const random = sequence(2026);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const rows = Array.from({ length: DEMO_JOT_COUNT }, (_, index) => {
      const location = pick(DEMO_JOT_LOCATIONS);
      const plaintext = {
        text: pick(DEMO_JOT_TEXTS),
        appName: 'JotApp',
        clientId: `demo-device-${(index % 7) + 1}`,
        appVersion: pick(DEMO_APP_VERSIONS),
        plugin: pick(DEMO_PLUGINS),
      };
      // Spread over the last week, oldest first, so ids and times agree.
      const createdAt = new Date(now.getTime() - WEEK_MS + (WEEK_MS * (index + random() * 0.9)) / DEMO_JOT_COUNT);
      return {
        protocolVersion: 'v2' as const,
        buildGuidName: DEMO_BUILD_GUID.name,
        encryptedPayload: encryptV2(plaintext, DEMO_BUILD_GUID.name, DEMO_BUILD_GUID.value),
        clientId: plaintext.clientId,
        appName: plaintext.appName,
        jotText: plaintext.text,
        appVersion: plaintext.appVersion,
        plugin: plaintext.plugin,
        senderCity: location.city,
        senderState: location.state,
        senderCountry: location.country,
        senderIp: null,
        senderUserAgent: `JotIt/${plaintext.appVersion} (Windows NT 10.0; Win64; x64)`,
        processedAt: createdAt,
        createdAt,
      };
    });
    await db.insert(jots).values(rows);
  }
}
