/**
 * Which event types some enabled endpoint subscribes to, in memory (issue 41, decision 0063). The jot path is hot
 * (issue 35: CPU per jot is budgeted), so it asks this set before writing a `jot.received` event instead of running
 * the outbox statement for every jot. Re-read after a change of endpoints here, and when another instance says so
 * on the cluster bus (topic `webhooks`), or when the bus comes back from a loss; a 60 s refresh covers a lost message.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export const SUBSCRIPTIONS_REFRESH_MS = 60_000;

export class SubscribedEvents {
  #types = new Set<string>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  has(type: string): boolean {
    return this.#types.has(type);
  }

  async reload(): Promise<void> {
    const result = await this.db.execute<{ type: string }>(sql`select distinct unnest(events) as type from webhook_endpoints where enabled`);
    this.#types = new Set(result.rows.map((row) => row.type));
  }

  start(): void {
    this.#timer = setInterval(() => void this.reload().catch(this.onError), SUBSCRIPTIONS_REFRESH_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
