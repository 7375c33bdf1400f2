import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../constants.ts';

/**
 * The one paging contract of the list endpoints (docs/architecture.md §6, issue 25): `limit` 1–200 (each list keeps its default),
 * `offset` 0–10,000,000, with the same texts everywhere.
 */
export const OFFSET_MAX = 10_000_000;
export const PAGING_TEXTS = {
  limit: `Limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`,
  offset: `Offset must be a whole number from 0 to ${OFFSET_MAX.toLocaleString('en-US')}`,
} as const;

const limitRule = (number: z.ZodNumber, defaultLimit: number) =>
  number.int(PAGING_TEXTS.limit).min(1, PAGING_TEXTS.limit).max(LIST_LIMIT_MAX, PAGING_TEXTS.limit).default(defaultLimit);
const offsetRule = (number: z.ZodNumber) => number.int(PAGING_TEXTS.offset).min(0, PAGING_TEXTS.offset).max(OFFSET_MAX, PAGING_TEXTS.offset).default(0);

/** `limit` and `offset` of a query string (text, coerced to numbers). */
export const pagingQuery = (defaultLimit: number) => ({
  limit: limitRule(z.coerce.number({ error: PAGING_TEXTS.limit }), defaultLimit).describe(`1–${LIST_LIMIT_MAX}, default ${defaultLimit}`),
  offset: offsetRule(z.coerce.number({ error: PAGING_TEXTS.offset })).describe('Records to skip, default 0'),
});

/** `limit` and `offset` of a JSON body (numbers). */
export const pagingBody = (defaultLimit: number) => ({
  limit: limitRule(z.number({ error: PAGING_TEXTS.limit }), defaultLimit),
  offset: offsetRule(z.number({ error: PAGING_TEXTS.offset })),
});
