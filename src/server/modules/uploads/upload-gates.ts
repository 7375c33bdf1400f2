/**
 * What one client, and all admins together, may make this instance do at once with images (issue 34 §3, decision
 * 0044): a few concurrent image reads per client network, and one upload stored at a time.
 */

/**
 * Concurrent image reads one client network may have open on this instance; past it, 429. Above what one page asks
 * at once: a browser opens six connections to a host, and a page with more images than that must not lose some to
 * 429s (4 did, in the browser tests, where every tab is 127.0.0.1).
 */
export const UPLOAD_READS_PER_CLIENT = 16;

/** Counts open reads per client key (decision 0021's network: an IPv4 address, an IPv6 /64). */
export class ConcurrentReads {
  private readonly open = new Map<string, number>();

  constructor(private readonly perClient = UPLOAD_READS_PER_CLIENT) {}

  /** A release function (safe to call more than once), or null when `key` already has its share open. */
  tryAcquire(key: string): (() => void) | null {
    const count = this.open.get(key) ?? 0;
    if (count >= this.perClient) return null;
    this.open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }

  openFor(key: string): number {
    return this.open.get(key) ?? 0;
  }
}

/**
 * Runs tasks one after another. Sixteen 5 MB uploads at once made `/readyz` time out for 6 s (RSS 621 MB): each
 * held its whole file in memory and the embedded database took them all at once. In turn, an upload waiting its
 * turn has not read its body yet (it stays in the socket), and the database takes one image at a time.
 */
export class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.last.then(task).finally(() => (this.waiting -= 1));
    this.last = result.catch(() => undefined);
    return result;
  }

  /** Tasks queued or running. */
  get pending(): number {
    return this.waiting;
  }
}
