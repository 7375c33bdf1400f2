/**
 * The newest matches of a payload ("contains") search, in time slices (issue 13, decision 0013 addendum, session 7).
 *
 * Walking the created_at index newest first and re-checking each row's text costs about 1 µs a row: fine while the
 * matches are dense at the newest end, 270 ms when 170,000 recent jots do not contain the word (a launch day), and
 * ~40 ms to skip 1,000 matches of a word in one jot of 40. The trigram index finds the matching rows wherever they
 * are, but only as an unordered bitmap whose every row must be read and re-checked: 25,000 matches cost 120 ms.
 *
 * So the matches are read slice by slice, newest first: each slice is the trigram bitmap AND a created_at range
 * (a BitmapAnd of the two indexes), so rows that do not contain the word cost an index entry, not a row read. The
 * first slice is a day back from the newest candidate; each next one reaches further back, by how far the matches
 * found so far fell short (2–16×); the fourth has no lower end. A search with few matches in all (its count is not
 * capped) skips the slices: one bitmap of them all is cheapest.
 *
 * Slices are disjoint (`>= lower` and `< the previous lower`) and each is sorted, so their concatenation is the exact
 * newest-first order; only ids are read here, and the caller reads the rows of its page by id.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jots } from '../../db/schema.ts';

const FIRST_SLICE_MS = 24 * 60 * 60 * 1000;
const MAX_SLICES = 4;
const MIN_GROWTH = 2;
const MAX_GROWTH = 64;

/**
 * How far back (from the newest candidate) the next slice should reach, having found `found` of `need` matches within
 * `covered` ms: as far again as the matches' density says (and a quarter more), at least twice, at most 64×.
 */
export function nextReach(covered: number, found: number, need: number): number {
  const growth = found === 0 ? 16 : (1.25 * need) / found;
  return covered * Math.min(MAX_GROWTH, Math.max(MIN_GROWTH, growth));
}

/**
 * Up to `need` ids of the jots matching `where` (and `bound`: the part after a cursor), newest first. `exactCount`
 * tells (asked only when the first slice falls short) whether the search's count is exact (not capped): then the
 * rest of the matches are few enough to read at once.
 */
export async function newestTextMatchIds(
  db: Database,
  where: SQL,
  bound: SQL | undefined,
  need: number,
  exactCount: () => Promise<boolean>,
): Promise<number[]> {
  const candidates = bound ? sql`${where} and ${bound}` : where;
  // The planner prices ILIKE like an equality and may prefer a sequential scan; every slice here is a bitmap.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const slice = async (lower: number | null, upper: number | null, limit: number): Promise<number[]> => {
      const range = [
        lower === null ? null : sql`${jots.createdAt} >= ${new Date(lower).toISOString()}::timestamptz`,
        upper === null ? null : sql`${jots.createdAt} < ${new Date(upper).toISOString()}::timestamptz`,
      ].filter((part): part is SQL => part !== null);
      // OFFSET 0 keeps the filter in its own scan (no ordered index walk): the bitmap, then a sort of the matches.
      const result = await tx.execute<{ id: number | string }>(sql`
        select id from (select ${jots.id} as id, ${jots.createdAt} as created_at from ${jots}
                        where ${candidates} ${range.length > 0 ? sql`and ${sql.join(range, sql` and `)}` : sql``} offset 0) as slice
        order by created_at desc, id desc limit ${limit}`);
      return result.rows.map((row) => Number(row.id));
    };

    const newest = await tx.execute<{ created_at: Date | string }>(
      sql`select ${jots.createdAt} as created_at from ${jots} ${bound ? sql`where ${bound}` : sql``} order by ${jots.createdAt} desc, ${jots.id} desc limit 1`,
    );
    const top = newest.rows[0];
    if (!top) return [];
    const topMs = new Date(top.created_at).getTime();
    let covered = FIRST_SLICE_MS;
    const ids = await slice(topMs - covered, null, need);
    if (ids.length >= need) return ids;
    const fewLeft = await exactCount();
    for (let index = 1; index < MAX_SLICES && ids.length < need; index += 1) {
      const reach = fewLeft || index === MAX_SLICES - 1 ? null : nextReach(covered, ids.length, need);
      ids.push(...(await slice(reach === null ? null : topMs - reach, topMs - covered, need - ids.length)));
      if (reach === null) break;
      covered = reach;
    }
    return ids;
  });
}
