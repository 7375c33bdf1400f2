/**
 * `post.published` when a scheduled post goes live (issue 41 §1, decision 0067). A save announces a post that is live
 * at once (posts.ts); a post saved with a date still to come is announced by this sweep once the date has passed. The
 * sweep claims live, unannounced posts with `for update skip locked`, marks them and records their events in one
 * transaction: several instances sweeping at once announce each post once, and a crash announces it later, never twice.
 * Every instance sweeps every 30 s (the latest a post's event is recorded after its time), one indexed query.
 */
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blogPosts } from '../../db/schema.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';
import type { BlogDeps } from './deps.ts';
import { isLive } from './live.ts';
import { postDetail } from './posts.ts';

/** How often each instance looks for scheduled posts that went live. */
export const ANNOUNCE_INTERVAL_MS = 30_000;
/** Posts one sweep announces at most (a backlog takes a few sweeps). */
const ANNOUNCE_BATCH = 100;

/** Records `post.published` for every live post not yet announced; answers how many. */
export async function announceLivePosts({ db, now }: Pick<BlogDeps, 'db' | 'now'>): Promise<number> {
  return db.transaction(async (tx) => {
    const at = now();
    const due = await tx
      .select()
      .from(blogPosts)
      .where(and(isLive(at), isNull(blogPosts.announcedAt)))
      .orderBy(asc(blogPosts.publishedAt))
      .limit(ANNOUNCE_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    // Neither the version nor updatedAt move: going live by the clock is not a save (an editor's open copy stays current).
    await tx.update(blogPosts).set({ announcedAt: at }).where(inArray(blogPosts.id, due.map((row) => row.id)));
    for (const row of due) await recordWebhookEvent(tx, 'post.published', await postDetail(tx, row, at));
    return due.length;
  });
}

export interface PostAnnouncements {
  stop(): void;
}

/** The sweep on a timer of this instance (main.ts). */
export function startPostAnnouncements(app: FastifyInstance, intervalMs = ANNOUNCE_INTERVAL_MS): PostAnnouncements {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    announceLivePosts(app.blog)
      .catch((error: unknown) => app.log.error({ err: error }, 'announcing scheduled posts failed'))
      .finally(() => (running = false));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs).unref();
  return { stop: () => clearInterval(timer) };
}
