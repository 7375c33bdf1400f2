import { z } from 'zod';
import { safeString } from './text.ts';
import { isoDay } from './fields.ts';
import { pagingQuery } from './paging.ts';

/**
 * Leads (spec §3, §5) and the field helpers every public form of the marketing site shares
 * (feedback, contact, invitations): one schema validates the Fastify route and the react-hook-form form.
 */

/** A required text: trimmed, with the spec's message for missing and blank values. */
export function requiredText(message: string, max = 200) {
  return safeString(undefined, { error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** An optional text: trimmed; blank, null or missing becomes undefined. */
export function optionalText(max: number) {
  return safeString()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || undefined)
    .optional();
}

/**
 * A person's name and nothing else (issue 24): it is echoed in e-mail we send, so it must not be able to carry a
 * message. Letters (any script), spaces and . ' ’ - only, at most PLAIN_NAME_MAX characters; so no digits (no
 * phone numbers), no @ (no addresses), no : or / (no URLs) and no domain-like "word.word".
 */
export const PLAIN_NAME_MAX = 50;
const PLAIN_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const DOMAIN_LIKE = /\p{L}{2,}\.\p{L}{2,}/u;

export function isPlainName(value: string): boolean {
  return value.length <= PLAIN_NAME_MAX && PLAIN_NAME.test(value) && !DOMAIN_LIKE.test(value);
}

/** A required plain name: `requiredMessage` when blank, `invalidMessage` when it is more than a name. */
export function plainName(requiredMessage: string, invalidMessage: string) {
  return safeString(undefined, { error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isPlainName, invalidMessage);
}

/** A required e-mail address (RFC 5321 caps an address at 254 characters). */
export function emailField(message: string) {
  return safeString('Email', { error: message }).trim().max(254, message).pipe(z.email({ error: message }));
}

/**
 * What every public form sends besides its fields: the solved ALTCHA payload (checked by the route, which
 * answers 'Please complete the CAPTCHA verification' when it is missing or wrong) and the honeypot `website`,
 * a field people never see: when it is filled the server pretends success and stores nothing.
 */
export const PublicFormExtrasSchema = z.object({
  captcha: safeString().max(10_000).optional(),
  website: safeString().max(2000).optional(),
});
export type PublicFormExtras = z.infer<typeof PublicFormExtrasSchema>;

export const LEAD_SOURCES = { hero: 'homepage-hero', cta: 'homepage-cta' } as const;

/** `POST /api/pro-waitlist` (public, captcha + honeypot): an e-mail only, stored as a lead with source pro-waitlist. */
export const ProWaitlistSchema = z
  .object({ email: emailField('Valid email is required') })
  .extend(PublicFormExtrasSchema.shape);
export type ProWaitlist = z.infer<typeof ProWaitlistSchema>;

/** What a visitor types into the lead form (spec §5: first name and email required). */
export const LEAD_FIRST_NAME_ERROR = `Please enter just your first name: letters and spaces, up to ${PLAIN_NAME_MAX} characters`;

export const LeadFormSchema = z.object({
  firstName: plainName('First name is required', LEAD_FIRST_NAME_ERROR),
  email: emailField('Valid email is required'),
});
export type LeadForm = z.infer<typeof LeadFormSchema>;

/** UTM parameters read from the landing page's query string, and document.referrer. */
export const LeadAttributionSchema = z.object({
  utm_source: optionalText(200),
  utm_medium: optionalText(200),
  utm_campaign: optionalText(200),
  utm_term: optionalText(200),
  utm_content: optionalText(200),
  referrer: optionalText(2000),
});
export type LeadAttribution = z.infer<typeof LeadAttributionSchema>;

/** `POST /api/leads`. */
export const CreateLeadSchema = LeadFormSchema.extend({
  // Where the form sits, e.g. homepage-hero; shown as 'unknown' when missing (spec §3).
  source: safeString('Source')
    .trim()
    // campaign:{slug} for a campaign landing page (issue 12).
    .regex(/^(?:[a-z0-9][a-z0-9_-]{0,49}|campaign:[a-z0-9][a-z0-9-]{0,89})$/i, 'Source must be a short identifier like homepage-hero')
    .optional(),
})
  .extend(LeadAttributionSchema.shape)
  .extend(PublicFormExtrasSchema.shape);
export type CreateLead = z.infer<typeof CreateLeadSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof SuccessSchema>;

/** A lead as the admin API returns it (`GET /api/leads`). */
export const LeadSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  source: z.string().nullable(),
  subscribedAt: z.string(),
  /** Present means synced with Kit (ConvertKit). */
  convertkitSubscriberId: z.number().nullable(),
  kitSyncedAt: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  referrer: z.string().nullable(),
  /** Issue 24: when the address left our lists (null: subscribed), when it confirmed (double opt-in), and consent. */
  unsubscribedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  consentText: z.string().nullable(),
  consentAt: z.string().nullable(),
  consentCountry: z.string().nullable(),
});
export type Lead = z.infer<typeof LeadSchema>;



// ---------------------------------------------------------------------------------------------------------------
// Leads Management (admin): list with filters, detail, retry sync, delete, bulk actions, CSV export (issue 10).

/** The source filter value for leads stored without a source (spec §3 shows them as 'unknown'). */
export const UNKNOWN_LEAD_SOURCE = 'unknown';
/** At most this many ids in one bulk action or "export the selection". */
export const LEAD_BULK_MAX = 500;
export const LEAD_PAGE_SIZE_MAX = 200;

export const LEAD_SORTS = ['desc', 'asc'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

const leadIdList = safeString('ids')
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids must be a comma-separated list of lead ids')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((ids) => ids.length <= LEAD_BULK_MAX, `At most ${LEAD_BULK_MAX} leads at a time`)
  .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), 'Lead ids must be positive numbers');

/**
 * The filters shared by `GET /api/leads` and `GET /api/leads/export.csv`: `q` (part of the e-mail, first or last
 * name, any case), `source` ('unknown' matches leads without one), `synced`, `from`/`to` (days, UTC, inclusive)
 * and `sort` by date.
 */
const leadFiltersShape = {
  q: safeString('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  source: safeString('Source').trim().max(100, 'Source must be at most 100 characters').optional(),
  synced: z.enum(['true', 'false'], { error: "synced must be 'true' or 'false'" }).optional(),
  /** Issue 24: 'true' lists the leads that unsubscribed, 'false' those still subscribed. */
  unsubscribed: z.enum(['true', 'false'], { error: "unsubscribed must be 'true' or 'false'" }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  sort: z.enum(LEAD_SORTS, { error: "sort must be 'desc' or 'asc'" }).default('desc'),
};

const datesInOrder = [
  (filters: { from?: string; to?: string }) => !filters.from || !filters.to || filters.from <= filters.to,
  { message: 'The start date must be on or before the end date', path: ['from'] },
] satisfies [unknown, { message: string; path: string[] }];

export const LeadFiltersSchema = z.object(leadFiltersShape).refine(...datesInOrder);
export type LeadFilters = z.output<typeof LeadFiltersSchema>;
/** What the web client sends (everything optional). */
export type LeadFiltersInput = z.input<typeof LeadFiltersSchema>;

/** `GET /api/leads` query: the filters and one page (`limit` ≤ 200, default 200; `offset`). */
export const LeadListQuerySchema = z
  .object({
    ...leadFiltersShape,
    ...pagingQuery(LEAD_PAGE_SIZE_MAX),
  })
  .refine(...datesInOrder);
export type LeadListParams = z.output<typeof LeadListQuerySchema>;
export type LeadListQuery = z.input<typeof LeadListQuerySchema>;

/** `GET /api/leads/export.csv` query: the filters, and `ids` (comma-separated, ≤ 500) for "export the selection". */
export const LeadExportQuerySchema = z.object({ ...leadFiltersShape, ids: leadIdList.optional() }).refine(...datesInOrder);
export type LeadExportParams = z.output<typeof LeadExportQuerySchema>;

/** `GET /api/leads`: one page and `total`, the count of every lead matching the filters. */
export const LeadPageSchema = z.object({
  items: z.array(LeadSchema),
  /** The same rows under the name the first admin client read (spec §7 "list of leads"); kept for it. */
  leads: z.array(LeadSchema),
  total: z.number().int(),
});
export type LeadPage = z.infer<typeof LeadPageSchema>;

/** `GET /api/leads/{id}`: the lead and the country of its IP address (GeoIP; null when unknown). */
export const LeadDetailSchema = LeadSchema.extend({ ipCountry: z.string().nullable() });
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

export const LeadIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Lead id must be a positive number' }).int('Lead id must be a positive number').min(1, 'Lead id must be a positive number').max(2_147_483_647, 'Lead id must be a positive number'),
});

/** `GET /api/leads/sources`: every distinct source, 'unknown' for leads without one. */
export const LeadSourcesSchema = z.object({ sources: z.array(z.string()) });
export type LeadSources = z.infer<typeof LeadSourcesSchema>;

/** `PUT /api/leads/{id}/subscription` (admin, issue 24): unsubscribe a lead by hand, or subscribe it again. */
export const LeadSubscriptionSchema = z.object({ unsubscribed: z.boolean({ error: 'unsubscribed must be true or false' }) });
export type LeadSubscription = z.infer<typeof LeadSubscriptionSchema>;

/** `POST /api/leads/{id}/retry-sync`. */
export const RetrySyncResultSchema = z.object({ queued: z.literal(true) });

export const LEAD_BULK_ACTIONS = ['retry_sync', 'delete'] as const;
export type LeadBulkAction = (typeof LEAD_BULK_ACTIONS)[number];

/** `POST /api/leads/bulk`: up to 500 ids. */
export const LeadBulkSchema = z.object({
  action: z.enum(LEAD_BULK_ACTIONS, { error: "action must be 'retry_sync' or 'delete'" }),
  ids: z
    .array(z.number({ error: 'Lead ids must be numbers' }).int('Lead ids must be whole numbers').min(1, 'Lead ids must be positive').max(2_147_483_647, 'Lead ids must be positive'), { error: 'ids must be a list of lead ids' })
    .min(1, 'Select at least one lead')
    .max(LEAD_BULK_MAX, `At most ${LEAD_BULK_MAX} leads at a time`),
});
export type LeadBulk = z.infer<typeof LeadBulkSchema>;

/**
 * What a bulk action did: `done` rows changed (deleted, or re-queued), `skipped` rows left alone (already synced),
 * `notFound` ids that no longer exist.
 */
export const LeadBulkResultSchema = z.object({
  action: z.enum(LEAD_BULK_ACTIONS),
  done: z.number().int(),
  skipped: z.number().int(),
  notFound: z.number().int(),
});
export type LeadBulkResult = z.infer<typeof LeadBulkResultSchema>;

/** The CSV columns: the spec's order, then the attribution. */
export const LEAD_CSV_COLUMNS = [
  'Email',
  'First Name',
  'Last Name',
  'Source',
  'Subscribed Date',
  'ConvertKit ID',
  'UTM Source',
  'UTM Medium',
  'UTM Campaign',
  'UTM Term',
  'UTM Content',
  'Referrer',
  'Unsubscribed Date',
] as const;
