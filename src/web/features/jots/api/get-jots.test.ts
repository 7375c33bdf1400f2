import { describe, expect, it } from 'vitest';
import { pageRequest } from './get-jots';

const shown = { jots: [], total: 500, totalCapped: false, nextCursor: '900', prevCursor: '950' };

describe('pageRequest (admin jots Next/Previous, decision 0013)', () => {
  it('follows the shown page’s cursors for the page beside it, keeping the offset as its position', () => {
    const current = { limit: 50, offset: 100 };
    expect(pageRequest(current, 150, shown)).toEqual({ limit: 50, offset: 150, after: '900' });
    expect(pageRequest(current, 50, shown)).toEqual({ limit: 50, offset: 50, before: '950' });
  });

  it('asks for the first page and other jumps by offset, and for offset when there is no cursor', () => {
    expect(pageRequest({ limit: 50, offset: 50 }, 0, shown)).toEqual({ limit: 50, offset: 0 });
    expect(pageRequest({ limit: 50, offset: 0 }, 450, shown)).toEqual({ limit: 50, offset: 450 });
    expect(pageRequest({ limit: 50, offset: 100 }, 150, { ...shown, nextCursor: null })).toEqual({ limit: 50, offset: 150 });
    expect(pageRequest({ limit: 50, offset: 100 }, 150, undefined)).toEqual({ limit: 50, offset: 150 });
  });
});
