/**
 * The webhook events outbox (issue 41 §4, decision 0063): a service that makes a change calls
 * `recordWebhookEvent` with the same executor as the change (its transaction when it has one), so the event is
 * committed with the change or not at all, and nothing leaves the server inside the request: the worker
 * (worker.ts) finds the pending deliveries and sends them through pg-boss. One statement: the event and one pending
 * delivery per enabled endpoint subscribed to its type, and nothing at all when no endpoint subscribes.
 */
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.ts';
import type { SqlRunner } from '../../db/client.ts';
import type { Executor } from '../../lib/sql.ts';
import { generateEventId } from './signing.ts';

export async function recordWebhookEvent(db: Pick<Executor, 'execute'>, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
  await db.execute(sql`
    with targets as (select id from webhook_endpoints where enabled and ${type} = any(events)),
    event as (
      insert into webhook_events (id, type, payload)
      select ${generateEventId()}, ${type}, ${JSON.stringify(data)}::jsonb where exists (select 1 from targets)
      returning id
    )
    insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
    select event.id, targets.id, now() from event cross join targets`);
}

/** What a `jot.received` event says: never the jot's text, window title or payload (issue 41 §1). */
export interface JotReceivedData {
  id: number;
  app: string;
  version: string | null;
  plugin: string | null;
  time: string;
}

/**
 * One statement for a committed batch of jots (writer.ts's group commit), in the jot path's own fixed SQL text:
 * the writer calls it only when some enabled endpoint subscribes to `jot.received` (subscribed-events.ts).
 */
const JOT_EVENTS_SQL =
  "with targets as (select id from webhook_endpoints where enabled and 'jot.received' = any(events)), " +
  "event as (insert into webhook_events (id, type, payload) select batch.id, 'jot.received', batch.payload " +
  'from unnest($1::text[], $2::jsonb[]) as batch(id, payload) where exists (select 1 from targets) returning id) ' +
  'insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at) select event.id, targets.id, now() from event cross join targets';

export async function recordJotEvents(runner: SqlRunner, jots: readonly JotReceivedData[]): Promise<void> {
  if (jots.length === 0) return;
  await runner.query(JOT_EVENTS_SQL, [jots.map(() => generateEventId()), jots.map((jot) => JSON.stringify(jot))]);
}
