/**
 * The pace of outgoing e-mail in one process: at most `concurrency` messages in flight, and message starts spaced
 * evenly at `ratePerMinute` (no burst beyond one message, so a provider's per-second limit is respected too).
 * Transactional messages waiting for a turn always get the next one before any bulk message (decision 0011).
 * The Kit lead sync paces its API calls with one too (jobs/kit.ts), as bulk.
 */
export type MailKind = 'transactional' | 'bulk';

export interface MailPaceLimits {
  ratePerMinute: number;
  concurrency: number;
}

interface Waiter {
  grant: (release: () => void) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class MailPace {
  private readonly spacingMs: number;
  private readonly concurrency: number;
  private nextStartAt = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiting: Record<MailKind, Waiter[]> = { transactional: [], bulk: [] };

  constructor(limits: MailPaceLimits) {
    this.spacingMs = 60_000 / limits.ratePerMinute;
    this.concurrency = limits.concurrency;
  }

  /** Resolves with a `release` to call when the message is sent (or failed); rejects if `signal` aborts first. */
  acquire(kind: MailKind, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new Error('Mail delivery stopped'));
        return;
      }
      const waiter: Waiter = {
        grant: resolve,
        signal,
        onAbort: () => {
          const queue = this.waiting[kind];
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(new Error('Mail delivery stopped'));
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiting[kind].push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    if (this.timer) return; // a turn is already scheduled; it pumps again
    while (this.inFlight < this.concurrency) {
      const queue = this.waiting.transactional.length > 0 ? this.waiting.transactional : this.waiting.bulk;
      if (queue.length === 0) return;
      const now = Date.now();
      if (now < this.nextStartAt) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, this.nextStartAt - now);
        return;
      }
      const waiter = queue.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.nextStartAt = now + this.spacingMs;
      this.inFlight += 1;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.pump();
      });
    }
  }
}
