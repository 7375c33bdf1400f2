/**
 * The day's salt of the visitor hash (issue 40 §1, decision 0066): random, kept in the database so every instance
 * hashes a visitor alike, made by whichever instance asks first on a UTC day (insert-or-keep), and the older days'
 * salts deleted then, so yesterday's hashes can never be recomputed and nothing links a visitor across days.
 * Held in memory for the day: the hot path reads it without a query.
 */
import { hash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { analyticsSalts } from '../../db/schema.ts';
import { utcDay } from '../../lib/utc-day.ts';

export class DailySalt {
  private current: { day: string; key: string } | null = null;
  private loading: { day: string; promise: Promise<string> } | null = null;

  constructor(private readonly db: Database) {}

  /** The day's salt when already loaded (the hot path), else null: call `load`. */
  cached(now: Date): string | null {
    return this.current && this.current.day === utcDay(now) ? this.current.key : null;
  }

  /** The day's salt, made (and the older ones deleted) when this is the day's first. */
  load(now: Date): Promise<string> {
    const day = utcDay(now);
    if (this.current?.day === day) return Promise.resolve(this.current.key);
    if (this.loading?.day === day) return this.loading.promise;
    const promise = (async () => {
      await this.db.insert(analyticsSalts).values({ day, salt: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      await this.db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
      const [row] = await this.db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
      if (!row) throw new Error('the analytics salt of the day was not stored');
      const key = row.salt;
      this.current = { day, key };
      return key;
    })().finally(() => {
      if (this.loading?.day === day) this.loading = null;
    });
    this.loading = { day, promise };
    return promise;
  }
}

/**
 * The visitor of a day: SHA-256(salt | site | address | User-Agent), 128 bits kept. The salt is 256 random bits known
 * only to the database and the instances, so the hash cannot be reversed or recomputed once it is deleted. A plain
 * salted hash, not an HMAC: on the hot path an HMAC object cost ~20 µs a view, one-shot `hash()` ~1.5 µs (issue 40's
 * 5 % budget; decision 0066).
 */
export function visitorHash(salt: string, site: string, ipAddress: string, userAgent: string): string {
  return hash('sha256', `${salt}|${site}|${ipAddress}|${userAgent}`, 'base64url').slice(0, 22);
}
