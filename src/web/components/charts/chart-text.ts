/**
 * The words of the charts (issue 26 §6): tooltips say "8 jots on Nov 26", not the library's "Jots : 8"; today's
 * still-growing figure says so; lead sources go by their names, not their slugs.
 */
import type { ChartUnit } from './types';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const number = new Intl.NumberFormat('en-US');

/** `2026-03-15` → `Mar 15` (UTC, like the server's days). */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/** `1 jot`, `8 jots`, `1,204 jots`. */
export const countText = (count: number, unit: ChartUnit) => `${number.format(count)} ${count === 1 ? unit.one : unit.other}`;

/** `8 jots on Nov 26`, or `3 jots today so far` for the partial last day. */
export function dayCountText(count: number, date: string, unit: ChartUnit, isPartial = false): string {
  return isPartial ? `${countText(count, unit)} today so far (${formatDay(date)})` : `${countText(count, unit)} on ${formatDay(date)}`;
}

/** A key's name for people, or the key itself. */
export const keyLabel = (key: string, labels?: Record<string, string>) => labels?.[key] ?? key;
