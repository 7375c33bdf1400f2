import { describe, expect, it } from 'vitest';
import { MailPace } from './mail-pace.ts';

describe('mail pace', () => {
  it('gives the next turn to a waiting transactional message before earlier bulk ones', async () => {
    const pace = new MailPace({ ratePerMinute: 60_000, concurrency: 1 });
    const order: string[] = [];
    const send = async (name: string, kind: 'transactional' | 'bulk') => {
      const release = await pace.acquire(kind);
      order.push(name);
      release();
    };
    await Promise.all([send('bulk 1', 'bulk'), send('bulk 2', 'bulk'), send('bulk 3', 'bulk'), send('reset', 'transactional')]);
    // bulk 1 had the turn already; the reset overtakes the two bulk messages still waiting.
    expect(order).toEqual(['bulk 1', 'reset', 'bulk 2', 'bulk 3']);
  });

  it('lets a stopped wait go without blocking the others', async () => {
    const pace = new MailPace({ ratePerMinute: 60_000, concurrency: 1 });
    const holder = await pace.acquire('bulk');
    const controller = new AbortController();
    const abandoned = pace.acquire('bulk', controller.signal);
    const next = pace.acquire('bulk');
    controller.abort();
    await expect(abandoned).rejects.toThrow('Mail delivery stopped');
    holder();
    await expect(next).resolves.toBeTypeOf('function');
  });
});
