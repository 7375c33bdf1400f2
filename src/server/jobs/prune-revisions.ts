/**
 * Revision retention (issue 39 §1, decision 0064): every published revision is kept; of the others (saves, autosaves,
 * restores of a draft), the newest REVISIONS_KEPT_PER_DOCUMENT per document. Autosaves pile up fastest (one every
 * ~15 s of typing), so the prune runs hourly, scheduled once across every instance by pg-boss.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REVISIONS_KEPT_PER_DOCUMENT } from '../../shared/schemas/revisions.ts';
import type { Database } from '../db/client.ts';
import { revisions } from '../db/schema.ts';
import type { JobQueue } from './queue.ts';

export const PRUNE_REVISIONS_JOB = 'revisions.prune';
/** Every hour at :23, away from the minutes when other schedules pile up. */
const PRUNE_REVISIONS_CRON = '23 * * * *';

/** Deletes the unpublished revisions beyond the newest `keep` of each document; returns how many went. */
export async function pruneRevisions(db: Database, keep = REVISIONS_KEPT_PER_DOCUMENT): Promise<number> {
  const result = await db.execute<{ n: number | string }>(sql`
    with ranked as (
      select ${revisions.id} as id,
             row_number() over (partition by ${revisions.documentType}, ${revisions.documentId} order by ${revisions.id} desc) as rank
      from ${revisions}
      where ${revisions.published} = false
    ),
    gone as (delete from ${revisions} where ${revisions.id} in (select id from ranked where rank > ${keep}) returning 1)
    select count(*) as n from gone`);
  const rows = Array.isArray(result) ? result : (result as { rows: Array<{ n: number | string }> }).rows;
  return Number(rows[0]?.n ?? 0);
}

export async function startRevisionPruning(queue: JobQueue, db: Database, log: FastifyBaseLogger): Promise<void> {
  await queue.consume(PRUNE_REVISIONS_JOB, { concurrency: 1 }, async () => {
    const deleted = await pruneRevisions(db);
    log.info({ deleted }, 'old revisions pruned');
  });
  await queue.schedule(PRUNE_REVISIONS_JOB, PRUNE_REVISIONS_CRON);
}
