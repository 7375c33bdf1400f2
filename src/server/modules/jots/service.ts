/**
 * Jots: ingestion (decrypt with a build GUID from memory, then one insert) and the reads behind `/api/jots`
 * and `/api/jots-search`. Routes decide who may call what; this file holds the rules and the queries.
 */
import { and, type AnyColumn, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type DecryptResult,
  decryptLegacy,
  decryptLegacyWithAnyKey,
  EMPTY_PAYLOAD_ERROR,
  INVALID_PAYLOAD_ERROR,
  openV2Envelope,
} from '../../../shared/jot-crypto.ts';
import type { JotPlaintext } from '../../../shared/schemas/jot-plaintext.ts';
import { JOT_COUNT_CAP, JOT_TEXT_COUNT_CAP, type JotPage, type JotRecord, type JotSearchField, type PublicJot } from '../../../shared/schemas/jots.ts';
import type { Database } from '../../db/client.ts';
import { jots } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import type { BuildGuidKey, BuildGuidKeyring } from '../build-guids/keyring.ts';
import type { JotLocation } from '../../lib/location.ts';
import type { OffsetAnchors } from './offset-anchors.ts';
import { type FeedJot, readNewestJots, toPublicJot } from './feed.ts';
import { newestTextMatchIds } from './text-search.ts';
import type { JotWriter } from './writer.ts';

export type ProtocolVersion = 'legacy' | 'v1' | 'v2';

export interface IngestInput {
  version: ProtocolVersion;
  payload: string;
  /** Legacy / v1 only: the key to use; without it every key is tried, newest first. */
  buildGuidName?: string | undefined;
  senderIp: string | null;
  senderUserAgent: string | null;
  location: JotLocation;
}

export interface IngestDependencies {
  keyring: BuildGuidKeyring;
  writer: JotWriter;
}

/** `dedupKey`: v2's MAC, so a retried envelope is stored once (writer.ts, decision 0010); null for legacy and v1. */
type Decrypted = { plaintext: JotPlaintext; keyName: string; dedupKey: string | null };

const USER_AGENT_MAX = 500;

// One answer for every failure (docs/architecture.md §4): no padding oracle, no hint about which check failed.
const invalidPayload = () => badRequest(INVALID_PAYLOAD_ERROR);

/**
 * Decrypts with a named key. When the key is unknown here or does not fit, the keys are re-read (throttled, see
 * keyring.ts) in case another instance has just added or changed it, and the jot is tried once more.
 */
async function decryptWithNamedKey(
  keyring: BuildGuidKeyring,
  name: string,
  decrypt: (key: BuildGuidKey) => DecryptResult,
): Promise<Omit<Decrypted, 'dedupKey'> | null> {
  let key = await keyring.find(name);
  if (!key) return null;
  let result = decrypt(key);
  if (!result.ok && (await keyring.reloadAfterMiss())) {
    const reloaded = await keyring.find(name);
    if (reloaded && reloaded.value !== key.value) {
      key = reloaded;
      result = decrypt(key);
    }
  }
  return result.ok ? { plaintext: result.plaintext, keyName: key.name } : null;
}

async function decryptPayload(keyring: BuildGuidKeyring, input: IngestInput): Promise<Decrypted | null> {
  if (input.version === 'v2') {
    const envelope = openV2Envelope(input.payload);
    if (!envelope) return null;
    const decrypted = await decryptWithNamedKey(keyring, envelope.kid, (key) => envelope.decrypt(key.value));
    return decrypted && { ...decrypted, dedupKey: envelope.mac };
  }
  // Legacy and v1 keep one row per request: an old build may reuse its IV, so equal payloads can be two jots.
  if (input.buildGuidName) {
    const decrypted = await decryptWithNamedKey(keyring, input.buildGuidName, (key) => decryptLegacy(input.payload, key.value));
    return decrypted && { ...decrypted, dedupKey: null };
  }
  let result = decryptLegacyWithAnyKey(input.payload, keyring.all());
  if (!result.ok && (await keyring.reloadAfterMiss())) result = decryptLegacyWithAnyKey(input.payload, keyring.all());
  return result.ok && result.keyName ? { plaintext: result.plaintext, keyName: result.keyName, dedupKey: null } : null;
}

/** Decrypts and stores one jot (a retried v2 envelope: the stored one); resolves after the commit. Throws 400 with the protocol's texts. */
export async function ingestJot(deps: IngestDependencies, input: IngestInput): Promise<FeedJot> {
  if (input.payload.length === 0) throw badRequest(EMPTY_PAYLOAD_ERROR);
  const decrypted = await decryptPayload(deps.keyring, input);
  if (!decrypted) throw invalidPayload();
  const { plaintext } = decrypted;
  return deps.writer.write({
    protocolVersion: input.version,
    buildGuidName: decrypted.keyName,
    encryptedPayload: input.payload,
    clientId: plaintext.clientId ?? null,
    appName: plaintext.appName,
    windowTitle: plaintext.windowTitle ?? null,
    jotText: plaintext.text,
    appVersion: plaintext.appVersion ?? null,
    plugin: plaintext.plugin ?? null,
    senderIp: input.senderIp,
    senderUserAgent: input.senderUserAgent?.slice(0, USER_AGENT_MAX) ?? null,
    senderCity: input.location.city,
    senderState: input.location.state,
    senderCountry: input.location.country,
    dedupKey: decrypted.dedupKey,
  });
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

type JotRow = typeof jots.$inferSelect;

export function toJotRecord(row: JotRow): JotRecord {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    senderCity: row.senderCity,
    senderState: row.senderState,
    senderCountry: row.senderCountry,
    appVersion: row.appVersion,
    plugin: row.plugin,
    clientId: row.clientId,
    payload: row.encryptedPayload,
    jotText: row.jotText,
    appName: row.appName,
    windowTitle: row.windowTitle,
    processedAt: row.processedAt?.toISOString() ?? null,
    protocolVersion: row.protocolVersion,
    buildGuidName: row.buildGuidName,
  };
}

const newestFirst = [desc(jots.createdAt), desc(jots.id)];

/** The public projection straight from the database, for pages the in-memory feed does not hold. */
export async function listPublicJots(db: Database, limit: number, offset: number): Promise<PublicJot[]> {
  return (await readNewestJots(db, limit, offset)).map(toPublicJot);
}

/** Paging of the admin / API client lists and of the search: offset, or keyset cursors, or the last page. */
export interface PageQuery {
  limit: number;
  offset: number;
  /** Keyset: the page older than this jot id (`nextCursor`). */
  after?: string | undefined;
  /** Keyset: the page newer than this jot id (`prevCursor`). */
  before?: string | undefined;
  /** The oldest page, read from the other end of the index. */
  last?: boolean | undefined;
}

export interface RecordQuery extends PageQuery {
  /** Only the jots of this API client (their decrypted `clientId`); undefined = every jot (admin). */
  clientId?: string;
}

interface Count {
  total: number;
  capped: boolean;
}

const oldestFirst = [asc(jots.createdAt), asc(jots.id)];
// The position of a cursor's jot in the (created_at, id) order, read from the row itself so the timestamp is exact.
const positionOf = (id: string) => sql`(select ${jots.createdAt}, ${jots.id} from ${jots} where ${jots.id} = ${id})`;

/**
 * One page newest first, by whichever paging the query asks for; every way walks an index on (…, created_at, id)
 * and reads about `limit` rows (decision 0013), except a deep `offset` into a filtered list whose count is capped.
 * One row more than asked tells whether there is a page beyond.
 */
async function readPage(
  db: Database,
  where: SQL | undefined,
  query: PageQuery,
  count: Count,
  anchors?: OffsetAnchors,
): Promise<Omit<JotPage, 'total' | 'totalCapped'>> {
  const { limit } = query;
  let rows: JotRow[];
  let hasNewer: boolean;
  let hasOlder: boolean;
  const anchored = anchors && !count.capped ? await readFromAnchor(db, anchors, query, count.total) : null;
  if (anchored) {
    rows = anchored;
    hasOlder = query.offset + rows.length < count.total;
    hasNewer = query.offset > 0;
  } else if (query.after !== undefined) {
    rows = await db.select().from(jots).where(and(where, sql`(${jots.createdAt}, ${jots.id}) < ${positionOf(query.after)}`)).orderBy(...newestFirst).limit(limit + 1);
    hasOlder = rows.length > limit;
    rows = rows.slice(0, limit);
    hasNewer = true;
  } else if (query.before !== undefined || query.last) {
    const newer = query.before === undefined ? undefined : sql`(${jots.createdAt}, ${jots.id}) > ${positionOf(query.before)}`;
    rows = await db.select().from(jots).where(and(where, newer)).orderBy(...oldestFirst).limit(limit + 1);
    hasNewer = rows.length > limit;
    rows = rows.slice(0, limit).reverse();
    hasOlder = query.before !== undefined;
  } else if (!count.capped && query.offset > count.total / 2) {
    // Past the middle, from the other end: the last page of a million reads 50 rows, not a million.
    const remaining = Math.max(0, count.total - query.offset);
    rows =
      remaining === 0
        ? []
        : await db.select().from(jots).where(where).orderBy(...oldestFirst).limit(Math.min(limit, remaining)).offset(Math.max(0, remaining - limit));
    rows.reverse();
    hasOlder = query.offset + rows.length < count.total;
    hasNewer = query.offset > 0;
  } else {
    rows = await db.select().from(jots).where(where).orderBy(...newestFirst).limit(limit + 1).offset(query.offset);
    hasOlder = rows.length > limit;
    rows = rows.slice(0, limit);
    hasNewer = query.offset > 0;
  }
  return toPage(rows, hasNewer, hasOlder);
}

function toPage(rows: JotRow[], hasNewer: boolean, hasOlder: boolean): Omit<JotPage, 'total' | 'totalCapped'> {
  const first = rows[0];
  const lastRow = rows.at(-1);
  return {
    jots: rows.map(toJotRecord),
    nextCursor: hasOlder && lastRow ? String(lastRow.id) : null,
    prevCursor: hasNewer && first ? String(first.id) : null,
  };
}

/**
 * A newest-first page of a payload search (the first page, an offset page or the page after a cursor) from the
 * time slices of text-search.ts, then only the page's rows, by id; with the search's capped count.
 *
 * The count runs beside the first slice, and an exact (small) one tells the slices to read the rest at once. An
 * offset page deep enough to need half the cap's matches collects one past the cap instead, and counts those: a
 * second reading of the same matches for the count cost ~10 ms at a million jots.
 */
async function readTextSearch(db: Database, where: SQL, query: PageQuery): Promise<JotPage> {
  const offset = query.after === undefined ? query.offset : 0;
  const need = offset + query.limit + 1;
  const bound = query.after === undefined ? undefined : sql`(${jots.createdAt}, ${jots.id}) < ${positionOf(query.after)}`;
  const countFromMatches = query.after === undefined && need > JOT_TEXT_COUNT_CAP / 2;
  const counting = countFromMatches ? null : cappedTextCount(db, where);
  // Asked only when slice 1 falls short, so no derived promise is left to reject unhandled when it does not.
  const exactCount = async () => (counting ? !(await counting).capped : false);
  const [ids, counted] = await Promise.all([
    newestTextMatchIds(db, where, bound, countFromMatches ? Math.max(need, JOT_TEXT_COUNT_CAP + 1) : need, exactCount),
    counting,
  ]);
  // Collecting one past the cap, the slices stop short of it only when they have read every match.
  const total = counted ?? (ids.length > JOT_TEXT_COUNT_CAP ? { total: JOT_TEXT_COUNT_CAP, capped: true } : { total: ids.length, capped: false });
  const pageIds = ids.slice(offset, offset + query.limit);
  const rows = pageIds.length > 0 ? await db.select().from(jots).where(inArray(jots.id, pageIds)).orderBy(...newestFirst) : [];
  return { ...toPage(rows, query.after !== undefined || offset > 0, ids.length > offset + query.limit), total: total.total, totalCapped: total.capped };
}

/**
 * An offset page of the whole table read from the nearest offset anchor (offset-anchors.ts), when both ends are
 * more than an anchor step away; null when anchors do not apply, so the caller walks as before.
 */
async function readFromAnchor(db: Database, anchors: OffsetAnchors, query: PageQuery, total: number): Promise<JotRow[] | null> {
  if (query.after !== undefined || query.before !== undefined || query.last) return null;
  const expected = Math.min(query.limit, total - query.offset);
  // The page's oldest row, counted from the oldest jot.
  const start = total - query.offset - expected;
  if (expected <= 0 || query.offset <= anchors.step || start < anchors.step) return null;
  const anchor = await anchors.nearest(start);
  if (!anchor || anchor.position > start) return null;
  const rows = await db
    .select()
    .from(jots)
    .where(sql`(${jots.createdAt}, ${jots.id}) >= ${positionOf(String(anchor.id))}`)
    .orderBy(...oldestFirst)
    .limit(expected)
    .offset(start - anchor.position);
  if (rows.length < expected) {
    // The anchor row is gone (a deletion made in the database): forget the chain and walk this time.
    anchors.reset();
    return null;
  }
  return rows.reverse();
}

/**
 * Full records, newest first. `knownTotal` is the in-memory count, used for an admin's unfiltered list so that
 * paging through a million jots costs no COUNT(*).
 */
export async function listJotRecords(
  db: Database,
  query: RecordQuery,
  knownTotal: number,
  anchors?: OffsetAnchors,
): Promise<JotPage> {
  const where = query.clientId === undefined ? undefined : eq(jots.clientId, query.clientId);
  const count = where ? () => cappedCount(db, where) : () => Promise.resolve({ total: knownTotal, capped: false });
  // Anchors count the whole table, so they serve the unfiltered (admin) list only.
  return countAndRead(db, where, query, count, where ? undefined : anchors);
}

/**
 * The capped count and the page. Only an offset page needs the count first (to read past the middle from the other
 * end); the first page and cursor pages are read at the same time as the count, on two connections, so a search
 * costs the slower of the two queries rather than their sum.
 */
async function countAndRead(
  db: Database,
  where: SQL | undefined,
  query: PageQuery,
  count: () => Promise<Count>,
  anchors?: OffsetAnchors,
): Promise<JotPage> {
  const byOffset = query.offset > 0 && query.after === undefined && query.before === undefined && !query.last;
  let counted: Count;
  let page: Awaited<ReturnType<typeof readPage>>;
  if (byOffset) {
    counted = await count();
    page = await readPage(db, where, query, counted, anchors);
  } else {
    // `capped: true` tells readPage the total is unknown: none of the ways it takes here uses it.
    [counted, page] = await Promise.all([count(), readPage(db, where, query, { total: 0, capped: true })]);
  }
  return { ...page, total: counted.total, totalCapped: counted.capped };
}

/** The number of matches, exact up to JOT_COUNT_CAP: counting stops there (a LIMIT under the COUNT). */
async function cappedCount(db: Executor, where: SQL | undefined, cap = JOT_COUNT_CAP): Promise<Count> {
  const matches = db.select({ one: sql`1` }).from(jots).where(where).limit(cap + 1).as('matches');
  const [row] = await db.select({ value: count() }).from(matches);
  const value = row?.value ?? 0;
  return value > cap ? { total: cap, capped: true } : { total: value, capped: false };
}

/**
 * The capped count of a payload ("contains") search, through the trigram index. The planner prices ILIKE like an
 * equality and often prefers a sequential scan until the cap: 41 ms for a common word at a million jots, and the
 * whole table when the matches sit at its far end; the bitmap costs 4–29 ms whatever the word (decision 0013).
 */
function cappedTextCount(db: Database, where: SQL | undefined): Promise<Count> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return cappedCount(tx, where, JOT_TEXT_COUNT_CAP);
  });
}

const equalsIgnoringCase = (column: AnyColumn, value: string) => sql`lower(${column}) = lower(${value})`;

function searchCondition(field: JotSearchField, value: string): SQL {
  switch (field) {
    case 'AppVersion':
      return equalsIgnoringCase(jots.appVersion, value);
    case 'Plugin':
      return equalsIgnoringCase(jots.plugin, value);
    case 'ClientId':
      return equalsIgnoringCase(jots.clientId, value);
    case 'SenderCountry':
      return equalsIgnoringCase(jots.senderCountry, value);
    case 'payload':
      // Part of the decrypted text (what a person remembers; trigram index from 3 characters), or the whole
      // encrypted payload (what a developer has; hash index). Not a part of the payload: decision 0013.
      return or(ilike(jots.jotText, `%${escapeLike(value)}%`), eq(jots.encryptedPayload, value))!;
  }
}

export interface SearchQuery extends PageQuery {
  field: JotSearchField;
  value: string;
  appName?: string | undefined;
  clientId?: string;
}

export async function searchJots(db: Database, query: SearchQuery): Promise<JotPage> {
  const where = and(
    searchCondition(query.field, query.value),
    query.clientId === undefined ? undefined : eq(jots.clientId, query.clientId),
    query.appName === undefined ? undefined : eq(jots.appName, query.appName),
  )!;
  if (query.field === 'payload' && query.before === undefined && !query.last) return readTextSearch(db, where, query);
  return countAndRead(db, where, query, () => (query.field === 'payload' ? cappedTextCount(db, where) : cappedCount(db, where)));
}
