/**
 * The one rule of what the public sees of the blog (spec §4, issue 28): a post is live when it is published and its
 * date is unset or has passed; published with a date still to come, it is scheduled. Every query of live posts —
 * the public pages, the API, the feeds, the figures — filters with these, at the clock it is given.
 */
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { blogPosts } from '../../db/schema.ts';

/** Published and (publishedAt null or ≤ now). */
export const isLive = (now: Date): SQL => and(eq(blogPosts.isPublished, true), or(isNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)))!;

/** Published with a date after now: invisible until then. */
export const isScheduled = (now: Date): SQL => and(eq(blogPosts.isPublished, true), gt(blogPosts.publishedAt, now))!;
