/**
 * Campaigns (spec §3, issue 12): admin CRUD (audited, announced on `contentEvents` 'campaigns'), the public
 * landing pages at /c/{slug} (active campaigns only), visits per campaign per UTC day (bots excluded) and the
 * admin list's 30-day figures: visits, leads with source `campaign:{slug}` and the conversion rate.
 */
import { and, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminCampaign,
  type AutosaveCampaignSchema,
  type Campaign,
  campaignLeadSource,
  type CampaignListQuerySchema,
  CAMPAIGN_TEXTS,
  type CreateCampaignSchema,
  type PublicCampaign,
  type UpdateCampaignSchema,
} from '../../../shared/schemas/campaigns.ts';
import { renderMarkdown } from '../../../shared/markdown.ts';
import { type CampaignRevisionFields, CampaignRevisionFieldsSchema, type RevisionSummary } from '../../../shared/schemas/revisions.ts';
import { campaignDailyVisits, campaigns, campaignVisitors, leads } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { countOncePerVisitorPerDay } from '../../lib/once-per-visitor-per-day.ts';
import { slugOf, slugsOf } from '../../lib/slugs.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import { utcDay } from '../../lib/utc-day.ts';
import { responsiveHtml } from '../../lib/responsive-images.ts';
import type { Visitor } from '../../lib/visitor-key.ts';
import { actorUserId, type AppServices, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { apiRow } from '../../lib/api-row.ts';
import { assertVersion, readRevision, recordAutosave, recordFirstRevision, recordSave, type RevisedDocument } from '../document-revisions.ts';

type CampaignRow = typeof campaigns.$inferSelect;
type ListQuery = z.output<typeof CampaignListQuerySchema>;

const DAY = 24 * 60 * 60 * 1000;

/** A slug from a name; a name without a letter or digit still gets one. */
const campaignSlugOf = (name: string) => slugOf(name, 'campaign', { maxLength: 90 });

const CAMPAIGN_VISITS = { visitors: campaignVisitors, totals: campaignDailyVisits, thing: 'campaignId', count: 'visits' } as const;
const slugs = slugsOf({ table: campaigns, id: campaigns.id, slug: campaigns.slug, uniqueIndex: 'campaigns_slug_unique', takenText: CAMPAIGN_TEXTS.slugTaken });

export function toCampaign(row: CampaignRow): Campaign {
  return apiRow(row, ['id', 'name', 'slug', 'description', 'landingPageContent', 'conversionGoal', 'isActive', 'version', 'createdAt', 'updatedAt', 'createdBy']);
}

export const CAMPAIGN_DOCUMENT = 'campaign' as const;

/** The content fields of a campaign a revision keeps (decision 0080). */
const campaignRevisionFields = (row: CampaignRow): CampaignRevisionFields => ({
  name: row.name,
  description: row.description,
  landingPageContent: row.landingPageContent,
  conversionGoal: row.conversionGoal,
});

const CAMPAIGN_REVISIONS: RevisedDocument<CampaignRow> = {
  documentType: CAMPAIGN_DOCUMENT,
  audit: { update: 'campaign.update', restore: 'campaign.restore' },
  fieldsOf: campaignRevisionFields,
  isLive: (row) => row.isActive,
};

/** The fields whose change must name the version it read; switching it on or off alone may leave it out (decision 0080). */
const CONTENT_CHANGES = ['name', 'slug', 'description', 'landing_page_content', 'conversion_goal'] as const;

/** The public fields of the campaign (PublicCampaignSchema picks them from CampaignSchema) and its rendered landing page. */
function toPublic(row: CampaignRow): PublicCampaign {
  const { id, name, slug, description, landingPageContent } = toCampaign(row);
  return { id, name, slug, description, landingPageContent, landingPageHtml: renderMarkdown(landingPageContent ?? '') };
}

/** leads ÷ visits in percent, one decimal, from integers (no float drift in what is shown); null without visits. */
export function conversionRate(leadCount: number, visits: number): string | null {
  if (visits <= 0) return null;
  const tenths = Math.round((leadCount * 1000) / visits);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

function listConditions(query: ListQuery, publicOnly: boolean): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (publicOnly) conditions.push(eq(campaigns.isActive, true));
  else if (query.active) conditions.push(eq(campaigns.isActive, query.active === 'true'));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(campaigns.name, pattern), ilike(campaigns.slug, pattern), ilike(campaigns.description, pattern)));
  }
  return and(...conditions);
}

/** Public: active campaigns only, newest first. */
export async function listPublicCampaigns(services: AppServices, query: ListQuery): Promise<{ items: PublicCampaign[]; total: number }> {
  const where = listConditions(query, true);
  const [rows, [total]] = await Promise.all([
    services.database.db.select().from(campaigns).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(query.limit).offset(query.offset),
    services.database.db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { items: rows.map(toPublic), total: total?.total ?? 0 };
}

/** Admin: every campaign (search, active filter), with the last 30 days' visits, leads and conversion rate. */
export async function listAdminCampaigns(services: AppServices, query: ListQuery): Promise<{ items: AdminCampaign[]; total: number }> {
  const where = listConditions(query, false);
  const [rows, [total]] = await Promise.all([
    services.database.db.select().from(campaigns).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(query.limit).offset(query.offset),
    services.database.db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { items: await withFigures(services, rows), total: total?.total ?? 0 };
}

async function withFigures(services: AppServices, rows: CampaignRow[]): Promise<AdminCampaign[]> {
  if (rows.length === 0) return [];
  const now = services.now();
  const since = new Date(now.getTime() - 30 * DAY);
  const sources = rows.map((row) => campaignLeadSource(row.slug));
  const [visits, leadCounts] = await Promise.all([
    services.database.db
      .select({ id: campaignDailyVisits.campaignId, visits: sql<number>`coalesce(sum(${campaignDailyVisits.visits}), 0)::int` })
      .from(campaignDailyVisits)
      .where(and(inArray(campaignDailyVisits.campaignId, rows.map((row) => row.id)), gte(campaignDailyVisits.day, utcDay(new Date(now.getTime() - 29 * DAY)))))
      .groupBy(campaignDailyVisits.campaignId),
    services.database.db
      .select({ source: leads.source, leads: count() })
      .from(leads)
      .where(and(inArray(leads.source, sources), gte(leads.subscribedAt, since)))
      .groupBy(leads.source),
  ]);
  const visitsById = new Map(visits.map((row) => [row.id, Number(row.visits)]));
  const leadsBySource = new Map(leadCounts.map((row) => [row.source, Number(row.leads)]));
  return rows.map((row) => {
    const v = visitsById.get(row.id) ?? 0;
    const l = leadsBySource.get(campaignLeadSource(row.slug)) ?? 0;
    return { ...toCampaign(row), visits30d: v, leads30d: l, conversionRate: conversionRate(l, v) };
  });
}

async function findCampaign(db: Executor, idOrSlug: string | number): Promise<CampaignRow | undefined> {
  const numeric = typeof idOrSlug === 'number' ? idOrSlug : /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  const [row] = await db
    .select()
    .from(campaigns)
    .where(numeric !== null ? eq(campaigns.id, numeric) : eq(campaigns.slug, String(idOrSlug).toLowerCase()));
  return row;
}

export async function getAdminCampaign(services: AppServices, idOrSlug: string): Promise<AdminCampaign> {
  const row = await findCampaign(services.database.db, idOrSlug);
  if (!row) throw notFound(CAMPAIGN_TEXTS.notFound);
  return (await withFigures(services, [row]))[0]!;
}

/** An active campaign by slug (or id), for the public; inactive or unknown → null. */
export async function getActiveCampaign(services: AppServices, idOrSlug: string): Promise<PublicCampaign | null> {
  const row = await findCampaign(services.database.db, idOrSlug);
  return row?.isActive ? toPublic(row) : null;
}

/**
 * One landing-page visit today (UTC) per visitor (the day's server-side key, decision 0021); bots, repeats and
 * a network past its counting rate are not counted. True when counted.
 */
export async function recordCampaignVisit(services: AppServices, campaignId: number, visitor: Visitor): Promise<boolean> {
  return countOncePerVisitorPerDay({ db: services.database.db, visitors: services.visitors, now: services.now() }, CAMPAIGN_VISITS, campaignId, visitor);
}

/** The public page's data: an active campaign by slug, its visit counted; null when inactive or unknown. */
export async function campaignLandingPage(services: AppServices, slug: string, visitor: Visitor): Promise<PublicCampaign | null> {
  const [row] = await services.database.db.select().from(campaigns).where(eq(campaigns.slug, slug.toLowerCase()));
  if (!row?.isActive) return null;
  await recordCampaignVisit(services, row.id, visitor);
  const campaign = toPublic(row);
  // The landing page's uploaded images with their sizes (issue 39 §3).
  return { ...campaign, landingPageHtml: await responsiveHtml(services.database.db, campaign.landingPageHtml) };
}

export async function createCampaign(services: AppServices, { actor, meta, input }: RequestContext & { input: z.output<typeof CreateCampaignSchema> }): Promise<Campaign> {
  let slug: string | undefined;
  const campaign = await slugs.guard(
    () => slug,
    () =>
      services.database.db.transaction(async (tx) => {
        if (input.slug) {
          await slugs.assertFree(tx, input.slug);
          slug = input.slug;
        } else slug = await slugs.unique(tx, campaignSlugOf(input.name));
        const [row] = await tx
          .insert(campaigns)
          .values({
            name: input.name,
            slug,
            description: input.description ?? null,
            landingPageContent: input.landing_page_content ?? null,
            conversionGoal: input.conversion_goal ?? null,
            isActive: input.is_active,
            createdBy: actorUserId(actor),
          })
          .returning();
        const revision = await recordFirstRevision(tx, actor, CAMPAIGN_REVISIONS, row!);
        await writeAudit(tx, { actor, meta }, { action: 'campaign.create', entityId: row!.id, details: { slug, revisionId: revision.id } });
        return toCampaign(row!);
      }),
  );
  services.contentEvents.emit('campaigns');
  return campaign;
}

/**
 * A save. A change of the landing content names the version it read (decision 0080): a stale or missing one is a 409
 * naming who saved since, checked under the row lock. Every save stores a revision and bumps the version;
 * `restoredFrom` marks a restore, which is a save like any other.
 */
export async function updateCampaign(
  services: AppServices,
  { actor, meta, input: { id, changes, restoredFrom } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateCampaignSchema>; restoredFrom?: number } },
): Promise<Campaign> {
  let slug: string | undefined;
  const campaign = await slugs.guard(
    () => slug,
    () =>
      services.database.db.transaction(async (tx) => {
        const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
        if (!current) throw notFound(CAMPAIGN_TEXTS.notFound);
        if (changes.version !== undefined || CONTENT_CHANGES.some((field) => changes[field] !== undefined)) {
          await assertVersion(tx, CAMPAIGN_DOCUMENT, current, changes.version);
        }
        // Nothing to change: no new version (an open editor is not told someone saved), no revision.
        if (Object.keys(changes).every((field) => field === 'version')) return toCampaign(current);
        const at = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
        const columns: Partial<typeof campaigns.$inferInsert> = { version: current.version + 1 };
        if (changes.name !== undefined) columns.name = changes.name;
        if (changes.description !== undefined) columns.description = changes.description;
        if (changes.landing_page_content !== undefined) columns.landingPageContent = changes.landing_page_content;
        if (changes.conversion_goal !== undefined) columns.conversionGoal = changes.conversion_goal;
        if (changes.is_active !== undefined) columns.isActive = changes.is_active;
        if (changes.slug) {
          slug = changes.slug;
          if (changes.slug !== current.slug) await slugs.assertFree(tx, changes.slug, id);
          columns.slug = changes.slug;
        } else if (changes.slug === null) {
          slug = columns.slug = await slugs.unique(tx, campaignSlugOf(changes.name ?? current.name), id);
        }
        const [row] = await tx
          .update(campaigns)
          .set({ ...columns, updatedAt: at })
          .where(eq(campaigns.id, id))
          .returning();
        await recordSave(tx, { actor, meta }, CAMPAIGN_REVISIONS, { before: current, after: row!, restoredFrom, at, sent: changes });
        return toCampaign(row!);
      }),
  );
  services.contentEvents.emit('campaigns');
  return campaign;
}

export async function deleteCampaign(services: AppServices, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    const deleted = await tx.delete(campaigns).where(eq(campaigns.id, id)).returning({ slug: campaigns.slug });
    if (deleted.length === 0) throw notFound(CAMPAIGN_TEXTS.notFound);
    await writeAudit(tx, { actor, meta }, { action: 'campaign.delete', entityId: id, details: { slug: deleted[0]!.slug } });
  });
  services.contentEvents.emit('campaigns');
}

/** The campaign, or its 404 (its history, its presence). */
export async function campaignRow(db: Executor, id: number): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound(CAMPAIGN_TEXTS.notFound);
  return row;
}

/** Stores the editor's unsaved fields over the campaign's as an autosave revision. The campaign itself is not written. */
export async function autosaveCampaign(
  services: AppServices,
  { actor, input: { id, changes } }: Pick<RequestContext, 'actor'> & { input: { id: number; changes: z.output<typeof AutosaveCampaignSchema> } },
): Promise<RevisionSummary> {
  const { db } = services.database;
  const current = await campaignRow(db, id);
  const fields = campaignRevisionFields(current);
  if (changes.name !== undefined) fields.name = changes.name;
  if (changes.description !== undefined) fields.description = changes.description;
  if (changes.landing_page_content !== undefined) fields.landingPageContent = changes.landing_page_content;
  if (changes.conversion_goal !== undefined) fields.conversionGoal = changes.conversion_goal;
  return recordAutosave(db, { documentType: CAMPAIGN_DOCUMENT, documentId: id, actor, version: changes.version ?? current.version, fields });
}

/** Restores a revision's fields as a new save (a `restore` revision; the slug and whether it is active stay). */
export async function restoreCampaignRevision(
  services: AppServices,
  { actor, meta, input: { id, revisionId, version } }: RequestContext & { input: { id: number; revisionId: number; version: number | undefined } },
): Promise<Campaign> {
  const { db } = services.database;
  await campaignRow(db, id);
  const { fields } = await readRevision(db, CAMPAIGN_DOCUMENT, id, revisionId, CampaignRevisionFieldsSchema);
  const changes = { version, name: fields.name, description: fields.description, landing_page_content: fields.landingPageContent, conversion_goal: fields.conversionGoal };
  return updateCampaign(services, { actor, meta, input: { id, restoredFrom: revisionId, changes } });
}
