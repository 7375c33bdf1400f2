/**
 * The build GUIDs (decryption keys) kept in memory, so ingesting a jot reads no key from the database
 * (docs/architecture.md §8: the insert is the only database work per jot).
 *
 * Several instances may run: a change made through another instance reaches this one by
 *  - a re-read when a jot names a key this instance does not know, or fails to decrypt with the key it has
 *    (reads start at most once per `retryReloadMs`, so a flood of bad jots cannot turn into a flood of reads:
 *    they wait for the next read instead), and
 *  - a background re-read every `refreshMs`, so a deleted (revoked) key stops being accepted everywhere soon.
 * Changes made through this instance reload at once.
 */
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { buildGuids } from '../../db/schema.ts';

export interface BuildGuidKey {
  id: number;
  name: string;
  value: string;
}

export interface KeyringOptions {
  retryReloadMs?: number;
  refreshMs?: number;
  onError?: (error: unknown) => void;
}

export class BuildGuidKeyring {
  private newestFirst: BuildGuidKey[] = [];
  private byName = new Map<string, BuildGuidKey>();
  private signature = '';
  private lastReadStartedAt = 0;
  private reloading: Promise<boolean> | null = null;
  private missReload: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly retryReloadMs: number;
  private readonly refreshMs: number;

  constructor(
    private readonly db: Database,
    private readonly options: KeyringOptions = {},
  ) {
    this.retryReloadMs = options.retryReloadMs ?? 1000;
    this.refreshMs = options.refreshMs ?? 5000;
  }

  /** Loads the keys and starts the background refresh. */
  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((error: unknown) => this.options.onError?.(error));
    }, this.refreshMs);
    this.timer.unref();
  }

  /** Stops the refresh and waits for a read in flight, so the database can close under it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reloading?.catch(() => {});
  }

  /** Re-reads every key now; resolves to whether anything changed. Concurrent calls share one read. */
  reload(): Promise<boolean> {
    this.reloading ??= this.read().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  /**
   * After a miss: a read that starts after now, but not sooner than `retryReloadMs` after the previous one began.
   * Concurrent misses share it. Resolves to whether anything changed.
   */
  reloadAfterMiss(): Promise<boolean> {
    this.missReload ??= (async () => {
      const wait = this.lastReadStartedAt + this.retryReloadMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A read already running may have started before the miss: let it finish, then read again.
      if (this.reloading) await this.reloading.catch(() => {});
      return this.reload();
    })().finally(() => {
      this.missReload = null;
    });
    return this.missReload;
  }

  /** The key of that name, re-reading once when it is unknown here. */
  async find(name: string): Promise<BuildGuidKey | undefined> {
    const key = this.byName.get(name);
    if (key) return key;
    await this.reloadAfterMiss();
    return this.byName.get(name);
  }

  /** Every key, newest first (the order in which a legacy payload without a key name is tried). */
  all(): readonly BuildGuidKey[] {
    return this.newestFirst;
  }

  private async read(): Promise<boolean> {
    this.lastReadStartedAt = Date.now();
    const rows = await this.db
      .select({ id: buildGuids.id, name: buildGuids.name, value: buildGuids.value })
      .from(buildGuids)
      .orderBy(desc(buildGuids.createdAt), desc(buildGuids.id));
    const signature = JSON.stringify(rows);
    if (signature === this.signature) return false;
    this.signature = signature;
    this.newestFirst = rows;
    this.byName = new Map(rows.map((row) => [row.name, row]));
    return true;
  }
}
