/**
 * The UTC day (`YYYY-MM-DD`) that the day-keyed counters are filed under: blog views, campaign visits and affiliate
 * clicks are each counted once per visitor per UTC day, and their visitor rows are pruned by it
 * (jobs/prune-visitors.ts).
 */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
