/**
 * A spam guard for e-mail the public can trigger: one address receives at most `limit` messages of one kind in
 * `windowMs`, however often the form is submitted (invitations, lead download links). The check and the record
 * of the new message happen in one transaction under a per-address advisory lock, so concurrent requests cannot
 * both slip through. Each caller keeps its own record (its rows carry a timestamp) and passes how to read it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface RecipientCap {
  /** Names the kind of message, so different caps on one address do not share a lock. */
  scope: string;
  limit: number;
  windowMs: number;
}

export type CapResult<T> = { allowed: true; value: T } | { allowed: false; retryAfterSeconds: number };

export interface CapSteps<T> {
  /** When this address was sent this kind of message since `since`. */
  sentSince(tx: Transaction, since: Date): Promise<Date[]>;
  /** Records the new message (in the same transaction); runs only when the cap allows it. */
  record(tx: Transaction): Promise<T>;
}

export async function withinRecipientCap<T>(
  db: Database,
  cap: RecipientCap,
  recipient: string,
  now: Date,
  steps: CapSteps<T>,
): Promise<CapResult<T>> {
  const address = recipient.toLowerCase();
  return db.transaction(async (tx): Promise<CapResult<T>> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${cap.scope}:${address}`}))`);
    const sent = (await steps.sentSince(tx, new Date(now.getTime() - cap.windowMs))).map((date) => date.getTime());
    if (sent.length >= cap.limit) {
      // Another message is allowed when the oldest one that counts leaves the window.
      sent.sort((a, b) => a - b);
      const oldest = sent[sent.length - cap.limit]!;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + cap.windowMs - now.getTime()) / 1000)) };
    }
    return { allowed: true, value: await steps.record(tx) };
  });
}
