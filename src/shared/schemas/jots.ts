import { z } from 'zod';
import { JOT_SEARCH_FIELDS, LIST_LIMIT_MAX, RECENT_JOTS_LIMIT } from '../constants.ts';
import { isStorableText, safeString } from './text.ts';
import { pagingBody, pagingQuery } from './paging.ts';

/** Spec §5 / §8 texts, shared by the API and the tester's forms. */
export const PAYLOAD_REQUIRED_MESSAGE = 'Encrypted payload is required';
export const CONTENT_REQUIRED_MESSAGE = 'Please enter some content';
export const BUILD_GUID_NAME_REQUIRED_MESSAGE = 'Please enter a Build GUID name';
export const SEARCH_REQUIRED_MESSAGE = 'Please select a field and enter a search value';

/**
 * The most a jot request body may weigh, in bytes of the HTTP body: larger bodies get 413. Sized so that the
 * largest valid jot always fits (decision 0010): every plaintext field at its limit in code points, each one
 * written as a JSON `\uXXXX\uXXXX` escape (12 bytes, the most any compact JSON writer spends on a character),
 * is about 234,000 bytes as a v2 body.
 */
export const JOT_BODY_LIMIT_BYTES = 256 * 1024;
/** A test jot's text, like the plaintext's `text` (docs/architecture.md §4). */
export const TEST_JOT_CONTENT_MAX = 10_000;

/** docs/architecture.md §4: one answer for every problem with a jot's payload (no oracle). */
export const INVALID_PAYLOAD_MESSAGE = 'Invalid payload';
// Text the database cannot store is, for a jot, one more bad payload.
const refuseUnstorable = { message: INVALID_PAYLOAD_MESSAGE, abort: true } as const;

const payloadField = z
  .string({ error: (issue) => (issue.input === undefined ? PAYLOAD_REQUIRED_MESSAGE : 'payload must be a string') })
  .refine(isStorableText, refuseUnstorable)
  .describe('The encrypted jot, Base64 (see /docs/protocol for the format of each version)');

/** Legacy `POST /jots` and v1 `POST /api/v1/jots`. An empty payload is refused by the service with its own text. */
// The jot bodies are the one exception to strict bodies (decision 0028): deployed desktop builds cannot be
// changed, so a field they add is ignored, as the document says (additionalProperties: true).
export const CreateLegacyJotSchema = z.looseObject({
  payload: payloadField,
  buildGuidName: z
    .string()
    .refine(isStorableText, refuseUnstorable)
    .max(200)
    .optional()
    .describe('The build GUID that encrypted the payload; without it the server tries every key, newest first'),
});
export type CreateLegacyJot = z.infer<typeof CreateLegacyJotSchema>;

/** v2 `POST /api/v2/jots`: the key id travels inside the envelope. */
export const CreateV2JotSchema = z.looseObject({ payload: payloadField });
export type CreateV2Jot = z.infer<typeof CreateV2JotSchema>;

export const LegacyJotCreatedSchema = z.object({ id: z.number().int(), message: z.literal('Jot created') });
export type LegacyJotCreated = z.infer<typeof LegacyJotCreatedSchema>;

export const V2JotCreatedSchema = z.object({
  id: z.number().int(),
  version: z.literal('v2'),
  timestamp: z.string().describe('ISO-8601 UTC time the jot was stored'),
});
export type V2JotCreated = z.infer<typeof V2JotCreatedSchema>;

export const JotCountSchema = z.object({ count: z.number().int() });
export type JotCount = z.infer<typeof JotCountSchema>;

/** What anyone may see of a jot: when and roughly where, never its text, payload, IP or user agent (spec §3). */
export const PublicJotSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  sender_city: z.string().nullable(),
  sender_state: z.string().nullable(),
  sender_country: z.string().nullable(),
});
export type PublicJot = z.infer<typeof PublicJotSchema>;

/** A jot as an admin (or the API client that sent it) sees it: the spec's admin view plus the decrypted fields. */
export const JotRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  senderCity: z.string().nullable(),
  senderState: z.string().nullable(),
  senderCountry: z.string().nullable(),
  appVersion: z.string().nullable(),
  plugin: z.string().nullable(),
  clientId: z.string().nullable(),
  payload: z.string().describe('The encrypted payload exactly as received'),
  jotText: z.string().nullable(),
  appName: z.string(),
  windowTitle: z.string().nullable(),
  processedAt: z.string().nullable(),
  protocolVersion: z.enum(['legacy', 'v1', 'v2']),
  buildGuidName: z.string().nullable(),
});
export type JotRecord = z.infer<typeof JotRecordSchema>;

/**
 * Counts of a filtered list or a search stop at this many (issue 13, decision 0013): past it `total` is this
 * number and `totalCapped` is true ("10,000+"); counting every match of a million jots would cost more than the page.
 */
export const JOT_COUNT_CAP = 10_000;
/**
 * The same for the payload ("contains") search, lower: each match is re-checked against the row's text, so counting
 * 10,000 of them would take longer than the page itself.
 */
export const JOT_TEXT_COUNT_CAP = 1_000;

/** A keyset cursor: the id of the first or last jot of a page, as the server gave it. */
const cursorField = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'Invalid cursor')
  .describe('A `nextCursor` / `prevCursor` of an earlier answer');

/** Keyset paging, shared by the list and the search (`offset` is ignored when one of these is given). */
const keysetShape = {
  after: cursorField.optional().describe('The page after (older than) this cursor: pass `nextCursor`'),
  before: cursorField.optional().describe('The page before (newer than) this cursor: pass `prevCursor`'),
};

const pagingFields = {
  totalCapped: z
    .boolean()
    .describe('True when the count stopped at its cap (10,000; 1,000 for a payload search): `total` is the cap, shown as "10,000+"'),
  nextCursor: z.string().nullable().describe('Pass as `after` for the next (older) page; null on the last page'),
  prevCursor: z.string().nullable().describe('Pass as `before` for the previous (newer) page; null on the first page'),
};

export const JotPageSchema = z.object({
  jots: z.array(JotRecordSchema),
  total: z.number().int().describe('Every jot the caller may read, for paging (at most JOT_COUNT_CAP when `totalCapped`)'),
  ...pagingFields,
});
export type JotPage = z.infer<typeof JotPageSchema>;

export const JotListQuerySchema = z.object({
  ...pagingQuery(RECENT_JOTS_LIMIT),
  ...keysetShape,
  last: z.stringbool().optional().describe('`true`: the last (oldest) page, read from the other end of the index'),
});
export type JotListQuery = z.infer<typeof JotListQuerySchema>;

export const JotSearchFieldSchema = z.enum(JOT_SEARCH_FIELDS, { error: SEARCH_REQUIRED_MESSAGE });
export type JotSearchField = z.infer<typeof JotSearchFieldSchema>;

/**
 * `POST /api/jots-search`. AppVersion, Plugin, ClientId and SenderCountry match the whole value, ignoring case;
 * `payload` matches a part of the decrypted jot text (ignoring case) or the whole encrypted payload (decision 0013).
 */
/** A payload search needs this many characters: the trigram index cannot serve fewer (decision 0013). */
export const PAYLOAD_SEARCH_MIN_LENGTH = 3;
export const PAYLOAD_SEARCH_TOO_SHORT_MESSAGE = `Enter at least ${PAYLOAD_SEARCH_MIN_LENGTH} characters to search the payload`;
/**
 * A payload search serves `offset` within the matches it counts (JOT_TEXT_COUNT_CAP); past them the cursors page on
 * (decision 0013 addendum): walking 5,000 re-checked matches to skip them cost ~100 ms at a million jots.
 */
export const PAYLOAD_SEARCH_OFFSET_MAX = JOT_TEXT_COUNT_CAP - 1;
export const PAYLOAD_SEARCH_OFFSET_MESSAGE = `A payload search pages by offset through its first ${JOT_TEXT_COUNT_CAP.toLocaleString('en-US')} matches; page further with "after" (the nextCursor)`;

const jotSearchShape = {
  field: JotSearchFieldSchema,
  value: safeString('Search value', { error: SEARCH_REQUIRED_MESSAGE }).trim().min(1, SEARCH_REQUIRED_MESSAGE).max(500),
  appName: safeString('App name').max(100).optional().describe('When present, only jots from this app (the tester sends JotApp)'),
  ...pagingBody(LIST_LIMIT_MAX),
  offset: pagingBody(LIST_LIMIT_MAX).offset.describe(`Matches to skip; a payload search takes at most ${PAYLOAD_SEARCH_OFFSET_MAX} (then page with \`after\`)`),
  ...keysetShape,
  last: z.boolean().optional().describe('`true`: the last (oldest) page of the matches'),
};

function checkPayloadSearch(search: z.output<z.ZodObject<typeof jotSearchShape>>, context: z.RefinementCtx) {
  if (search.field !== 'payload') return;
  if (search.value.length < PAYLOAD_SEARCH_MIN_LENGTH) {
    context.addIssue({ code: 'custom', path: ['value'], message: PAYLOAD_SEARCH_TOO_SHORT_MESSAGE });
  }
  const byOffset = search.after === undefined && search.before === undefined && !search.last;
  if (byOffset && search.offset > PAYLOAD_SEARCH_OFFSET_MAX) {
    context.addIssue({ code: 'custom', path: ['offset'], message: PAYLOAD_SEARCH_OFFSET_MESSAGE });
  }
}

export const JotSearchSchema = z.object(jotSearchShape).superRefine(checkPayloadSearch);
export type JotSearch = z.input<typeof JotSearchSchema>;

/**
 * The search as a form holds it: the field select's '' is "no field chosen yet", refused with the API's own words
 * (the same rules otherwise, payload length included).
 */
export const JotSearchFormSchema = z
  .object({ ...jotSearchShape, field: z.union([z.literal(''), JotSearchFieldSchema]).pipe(JotSearchFieldSchema) })
  .superRefine(checkPayloadSearch);

export const JotSearchResultSchema = z.object({
  jots: z.array(JotRecordSchema),
  total: z.number().int().describe('Every match (at most JOT_COUNT_CAP when `totalCapped`), of which at most `limit` are returned'),
  ...pagingFields,
});
export type JotSearchResult = z.infer<typeof JotSearchResultSchema>;

/** `POST /api/test-jot`: the server encrypts `content` (v2) with the named build GUID and ingests it. */
export const TestJotSchema = z.object({
  content: safeString('Content', { error: CONTENT_REQUIRED_MESSAGE })
    .refine((value) => value.trim().length > 0, CONTENT_REQUIRED_MESSAGE)
    .refine((value) => [...value].length <= TEST_JOT_CONTENT_MAX, `Content must be at most ${TEST_JOT_CONTENT_MAX.toLocaleString('en-US')} characters`),
  buildGuidName: safeString('Build GUID name', { error: BUILD_GUID_NAME_REQUIRED_MESSAGE }).trim().min(1, BUILD_GUID_NAME_REQUIRED_MESSAGE).max(200),
});
export type TestJot = z.infer<typeof TestJotSchema>;

export const TestJotResultSchema = z.union([
  z.object({ success: z.literal(true), jotResult: z.object({ id: z.number().int(), version: z.literal('v2'), timestamp: z.string() }) }),
  // `details` as in every 400 of the API (issue 25): the fields, the unknown ones included.
  z.object({ success: z.literal(false), error: z.string(), details: z.array(z.object({ field: z.string(), message: z.string() })).optional() }),
]);
export type TestJotResult = z.infer<typeof TestJotResultSchema>;
