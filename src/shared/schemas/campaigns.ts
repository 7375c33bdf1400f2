import { z } from 'zod';
import { blank, nullableText, booleanField, optionalFields } from './fields.ts';
import { safeString } from './text.ts';
import { writeBody } from './wire.ts';
import { pagingQuery } from './paging.ts';
import { SLUG_FORMAT_TEXT, slugSchema } from './slug.ts';
import { versionField } from './revisions.ts';

/**
 * Campaigns (spec §3 Campaign, issue 12): name and slug required (the slug is generated from the name when
 * empty), Markdown landing content served at /c/{slug}, active by default (spec §4 isActive). Written under the
 * names it is read with (camelCase), the form's snake_case names accepted as aliases (decision 0027).
 */
export const CAMPAIGN_TEXTS = {
  nameRequired: 'Name is required',
  slugFormat: SLUG_FORMAT_TEXT,
  slugTaken: (slug: string) => `The slug "${slug}" is already used by another campaign`,
  notFound: 'Campaign not found',
} as const;

/** The lead source of a campaign's landing-page form. */
export const campaignLeadSource = (slug: string) => `campaign:${slug}`;

/** At most 90 characters, so `campaign:{slug}` fits the lead source's 100. */
export const CampaignSlugSchema = slugSchema(90);

const campaignFields = {
  name: safeString('Name', { error: CAMPAIGN_TEXTS.nameRequired }).trim().min(1, CAMPAIGN_TEXTS.nameRequired).max(200, 'Name must be at most 200 characters'),
  slug: z.preprocess(blank, CampaignSlugSchema.nullable().optional()),
  description: nullableText('Description', 1000),
  landing_page_content: nullableText('Landing page content', 100_000),
  conversion_goal: nullableText('Conversion goal', 300),
  is_active: booleanField('Active'),
};

/** `POST /api/campaigns` (admin). */
export const CreateCampaignSchema = writeBody({ ...campaignFields, is_active: campaignFields.is_active.default(true) });
export type CreateCampaign = z.input<typeof CreateCampaignSchema>;

/**
 * `PATCH /api/campaigns/{id}` (admin): any of the fields; a null or blank slug is generated again from the name. A
 * change of its landing content (name, slug, description, landing content, goal) names the `version` it read: stale
 * or missing is a 409 (decision 0080); switching it on or off alone may leave it out.
 */
export const UpdateCampaignSchema = writeBody({ ...optionalFields(campaignFields), version: versionField });

/** `POST /api/campaigns/{id}/autosave` (admin): the editor's unsaved text, stored as an autosave revision only. */
export const AutosaveCampaignSchema = writeBody({
  ...optionalFields({
    name: campaignFields.name,
    description: campaignFields.description,
    landing_page_content: campaignFields.landing_page_content,
    conversion_goal: campaignFields.conversion_goal,
  }),
  version: versionField,
});
export type AutosaveCampaign = z.input<typeof AutosaveCampaignSchema>;
export type UpdateCampaign = z.input<typeof UpdateCampaignSchema>;

export const CampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  /** Markdown. */
  landingPageContent: z.string().nullable(),
  conversionGoal: z.string().nullable(),
  isActive: z.boolean(),
  /** Moves on every save; a change of the landing content names the one it read (decision 0080). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().int().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** The admin list row: the last 30 days' landing-page visits, leads (source `campaign:{slug}`) and their ratio. */
export const AdminCampaignSchema = CampaignSchema.extend({
  visits30d: z.number().int(),
  leads30d: z.number().int(),
  /** leads ÷ visits as a percentage with one decimal, e.g. "12.5"; null without visits. */
  conversionRate: z.string().nullable(),
});
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;

/** What the public reads (`GET /api/campaigns/{slug}` without sign-in, and the /c/{slug} page). */
export const PublicCampaignSchema = CampaignSchema.pick({ id: true, name: true, slug: true, description: true, landingPageContent: true }).extend({
  /** The landing content rendered to sanitised HTML. */
  landingPageHtml: z.string(),
});
export type PublicCampaign = z.infer<typeof PublicCampaignSchema>;

export const CampaignListQuerySchema = z.object({
  q: safeString('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  active: z.enum(['true', 'false'], { error: 'Active must be true or false' }).optional(),
  ...pagingQuery(20),
});
export type CampaignListQuery = z.input<typeof CampaignListQuerySchema>;

export const AdminCampaignListSchema = z.object({ items: z.array(AdminCampaignSchema), total: z.number().int() });
export type AdminCampaignList = z.infer<typeof AdminCampaignListSchema>;
export const PublicCampaignListSchema = z.object({ items: z.array(PublicCampaignSchema), total: z.number().int() });
