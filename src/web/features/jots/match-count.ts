import type { JotSearchResult } from '../../../shared/schemas/jots';

/** "3 matching jots", or "10,000+ matching jots" when the server stopped counting (decision 0013). */
export function matchCount({ total, totalCapped }: Pick<JotSearchResult, 'total' | 'totalCapped'>): string {
  return `${total.toLocaleString('en-US')}${totalCapped ? '+' : ''} matching jot${total === 1 && !totalCapped ? '' : 's'}`;
}
