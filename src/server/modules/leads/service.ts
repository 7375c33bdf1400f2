/**
 * Leads (spec §3): one row per e-mail address, case-insensitive. A repeated address updates the first name when
 * given and keeps the first source and attribution (first touch), then the download e-mail and the Kit sync are
 * queued again (docs/architecture.md §6 "Decided") — the e-mail at most LEAD_DOWNLOAD_EMAIL_LIMIT times a day per address, so
 * the form cannot be used to flood an inbox (decision 0011). The row is written before anything is queued, so no
 * lead is lost.
 *
 * Consent (issue 24): each submission records what the form said next to its button, when, and the IP's country.
 * With SUBSCRIBE_DOUBLE_OPT_IN (default on) the Kit sync waits for the address to confirm: the download mail, the
 * only mail before that, carries the confirmation button; the confirmation queues the one sync
 * (modules/unsubscribe). The download mail is marketing mail: it carries the unsubscribe pair and is suppressed
 * for an address that unsubscribed (anyone can type any address into the form).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { LEAD_FORM_CONSENT_TEXT, STAY_UPDATED_CONSENT_TEXT } from '../../../shared/consent.ts';
import type { CreateLead } from '../../../shared/schemas/leads.ts';
import type { AppConfig } from '../../config.ts';
import type { AppServices } from '../../services.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, campaigns } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { enqueueKitSync } from '../../jobs/kit.ts';
import { type RecipientCap, withinRecipientCap } from '../../jobs/recipient-cap.ts';
import type { MailBrand } from '../mail/layout.tsx';
import { downloadEmail, subscribeConfirmationEmail } from '../mail/templates.tsx';
import { WEBHOOK_EVENT } from '../../../shared/schemas/webhooks.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';
import type { UnsubscribeLinks } from '../../services.ts';
import type { RequestMeta } from '../../services.ts';

/** Where a lead came from; with its IP's country (CF-IPCountry behind a trusted proxy), recorded with consent. */
type LeadMeta = Omit<RequestMeta, 'requestId'> & { country?: string | null };

export interface LeadDependencies {
  db: Database;
  mailer: Mailer;
  queue: JobQueue;
  config: Pick<AppConfig, 'kit' | 'downloadUrl' | 'publicUrl' | 'supportEmail' | 'subscribeDoubleOptIn'>;
  links: UnsubscribeLinks;
  brand: MailBrand;
  now?: () => Date;
}

/** The visitor's country for the consent record: CF-IPCountry, only behind a trusted proxy (else anyone could set it). */
export function requestCountry(request: { headers: Record<string, string | string[] | undefined> }, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const value = request.headers['cf-ipcountry'];
  const country = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return country && /^[A-Z]{2}$/.test(country) && country !== 'XX' ? country : null;
}

/** The lead capture's dependencies from the app's services. */
export function leadDependencies(services: AppServices): LeadDependencies {
  const { database, mailer, queue, config, unsubscribeLinks, mailBrand } = services;
  return { db: database.db, mailer, queue, config, links: unsubscribeLinks, brand: mailBrand };
}

/** A stored lead, as the capture needs it: whether it may go to Kit yet. */
export interface UpsertedLead {
  id: number;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

/** Whether this lead may be synced to Kit now: not unsubscribed, and confirmed when double opt-in is on. */
export function maySyncToKit(lead: UpsertedLead, doubleOptIn: boolean): boolean {
  return !lead.unsubscribedAt && (!doubleOptIn || lead.confirmedAt !== null);
}

/** One address gets the download e-mail at most this many times in LEAD_DOWNLOAD_EMAIL_WINDOW_HOURS. */
export const LEAD_DOWNLOAD_EMAIL_LIMIT = 3;
export const LEAD_DOWNLOAD_EMAIL_WINDOW_HOURS = 24;

/** Each download e-mail queued is an audit entry of its lead; the entries are the cap's record. */
const DOWNLOAD_EMAIL_ACTION = 'lead.download_email';
const CONFIRMATION_EMAIL_ACTION = 'lead.confirmation_email';

const DOWNLOAD_EMAIL_CAP: RecipientCap = {
  scope: 'lead-download',
  limit: LEAD_DOWNLOAD_EMAIL_LIMIT,
  windowMs: LEAD_DOWNLOAD_EMAIL_WINDOW_HOURS * 60 * 60 * 1000,
};

type LeadInput = Omit<CreateLead, 'captcha' | 'website' | 'firstName'> & { firstName: string | null };

/**
 * INSERT … ON CONFLICT on the unique index over lower(email): one statement, no duplicate even under a race.
 * The consent columns take the latest submission's words, time and country.
 */
export async function upsertLead(db: Database, input: LeadInput, meta: LeadMeta, consentText: string): Promise<UpsertedLead> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ id: number; confirmed_at: Date | string | null; unsubscribed_at: Date | string | null; inserted: boolean; subscribed_at: Date | string }>(sql`
      insert into leads (email, first_name, source, ip_address, user_agent,
                         utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer,
                         consent_text, consent_at, consent_country)
      values (${input.email}, ${input.firstName}, ${input.source ?? null}, ${meta.ipAddress}, ${meta.userAgent},
              ${input.utm_source ?? null}, ${input.utm_medium ?? null}, ${input.utm_campaign ?? null},
              ${input.utm_term ?? null}, ${input.utm_content ?? null}, ${input.referrer ?? null},
              ${consentText}, now(), ${meta.country ?? null})
      on conflict (lower(email)) do update set
        consent_text = excluded.consent_text,
        consent_at = excluded.consent_at,
        consent_country = excluded.consent_country,
        first_name = coalesce(excluded.first_name, leads.first_name),
        source = coalesce(leads.source, excluded.source),
        utm_source = coalesce(leads.utm_source, excluded.utm_source),
        utm_medium = coalesce(leads.utm_medium, excluded.utm_medium),
        utm_campaign = coalesce(leads.utm_campaign, excluded.utm_campaign),
        utm_term = coalesce(leads.utm_term, excluded.utm_term),
        utm_content = coalesce(leads.utm_content, excluded.utm_content),
        referrer = coalesce(leads.referrer, excluded.referrer),
        updated_at = now()
      returning id, confirmed_at, unsubscribed_at, subscribed_at, (xmax = 0) as inserted`);
    const row = result.rows[0];
    if (!row) throw new Error('The lead upsert returned no row');
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    // Issue 41: a new lead (not an address seen before) is a `lead.created` webhook event, committed with it.
    if (row.inserted) {
      await recordWebhookEvent(tx, WEBHOOK_EVENT.leadCreated, {
        id: Number(row.id),
        email: input.email,
        firstName: input.firstName,
        source: input.source ?? null,
        subscribedAt: new Date(row.subscribed_at).toISOString(),
      });
    }
    return { id: Number(row.id), confirmedAt: date(row.confirmed_at), unsubscribedAt: date(row.unsubscribed_at) };
  });
}

/**
 * The daily cap on a public form's mail to one address (decision 0011): each message queued is an audit entry of
 * its lead (`action`), and the entries are the cap's record.
 */
async function withinLeadEmailCap(deps: LeadDependencies, leadId: number, action: string, email: string, meta: LeadMeta) {
  const now = deps.now?.() ?? new Date();
  const entityId = String(leadId);
  return withinRecipientCap(deps.db, { ...DOWNLOAD_EMAIL_CAP, scope: action }, email, now, {
    sentSince: async (tx, since) =>
      (
        await tx
          .select({ createdAt: auditLog.createdAt })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'lead'), eq(auditLog.entityId, entityId), eq(auditLog.action, action), gt(auditLog.createdAt, since)))
      ).map((row) => row.createdAt),
    record: async (tx) => {
      await tx.insert(auditLog).values({ action, entity: 'lead', entityId, ipAddress: meta.ipAddress, userAgent: meta.userAgent, createdAt: now });
    },
  });
}

/** A campaign landing page's own words for its download mail (`campaign:{slug}` sources). */
async function campaignWords(db: Database, source: string | undefined): Promise<{ name: string; description: string | null } | undefined> {
  if (!source?.startsWith('campaign:')) return undefined;
  const [row] = await db
    .select({ name: campaigns.name, description: campaigns.description })
    .from(campaigns)
    .where(eq(campaigns.slug, source.slice('campaign:'.length)));
  return row;
}

/**
 * The mail's download link: `/download` on this site, which counts the click for the funnel and answers 302 to
 * DOWNLOAD_URL (issue 40 §3), with the UTM source and campaign the form sent, so a click from another device or day
 * still counts under them (decision 0068).
 */
function countedDownloadUrl(publicUrl: string, input: { utm_source?: string | null; utm_campaign?: string | null }): string {
  const url = new URL('/download', publicUrl);
  if (input.utm_source) url.searchParams.set('utm_source', input.utm_source);
  if (input.utm_campaign) url.searchParams.set('utm_campaign', input.utm_campaign);
  return url.toString();
}

/**
 * Stores (or updates) the lead, then queues the download e-mail (unless the address had its share today) and
 * the Kit sync (idempotent, keeps the first name current) once the address may be synced (`maySyncToKit`).
 */
export async function captureLead(
  deps: LeadDependencies,
  input: Omit<CreateLead, 'captcha' | 'website'>,
  meta: LeadMeta,
): Promise<{ id: number; downloadEmailQueued: boolean }> {
  const lead = await upsertLead(deps.db, input, meta, LEAD_FORM_CONSENT_TEXT);
  const cap = await withinLeadEmailCap(deps, lead.id, DOWNLOAD_EMAIL_ACTION, input.email, meta);
  if (cap.allowed) {
    const unsubscribeUrl = deps.links.url(input.email, 'marketing');
    const needsConfirmation = deps.config.subscribeDoubleOptIn && !lead.confirmedAt && !lead.unsubscribedAt;
    const campaign = await campaignWords(deps.db, input.source);
    await deps.mailer.enqueue({
      to: input.email,
      // The mail says "a reply reaches a person".
      replyTo: deps.config.supportEmail,
      ...(await downloadEmail(deps.brand, {
        firstName: input.firstName ?? 'there',
        downloadUrl: countedDownloadUrl(deps.config.publicUrl, input),
        unsubscribeUrl,
        ...(needsConfirmation ? { confirmUrl: deps.links.confirmUrl(input.email) } : {}),
        ...(campaign ? { campaign } : {}),
      })),
      unsubscribe: { scope: 'marketing', url: unsubscribeUrl },
    });
  }
  if (maySyncToKit(lead, deps.config.subscribeDoubleOptIn)) await enqueueKitSync(deps.queue, deps.config.kit, lead.id);
  return { id: lead.id, downloadEmailQueued: cap.allowed };
}

/**
 * The blog's Stay Updated box (issue 24): stores the lead with its consent; with double opt-in, mails the
 * confirmation (suppressible, like all marketing mail) unless the address already confirmed, and syncs to Kit only
 * after the click; without it, syncs now. No download mail: the visitor asked for updates, not the app.
 */
export async function subscribeToUpdates(
  deps: LeadDependencies,
  input: { email: string; source: string },
  meta: LeadMeta,
): Promise<{ id: number; confirmationQueued: boolean }> {
  // No first name in this box: the upsert keeps a known one (coalesce) and stores null otherwise.
  const lead = await upsertLead(deps.db, { email: input.email, firstName: null, source: input.source }, meta, STAY_UPDATED_CONSENT_TEXT);
  if (maySyncToKit(lead, deps.config.subscribeDoubleOptIn)) {
    await enqueueKitSync(deps.queue, deps.config.kit, lead.id);
    return { id: lead.id, confirmationQueued: false };
  }
  if (lead.unsubscribedAt) return { id: lead.id, confirmationQueued: false };
  // The box cannot be used to flood an inbox with confirmation requests either.
  const cap = await withinLeadEmailCap(deps, lead.id, CONFIRMATION_EMAIL_ACTION, input.email, meta);
  if (!cap.allowed) return { id: lead.id, confirmationQueued: false };
  const unsubscribeUrl = deps.links.url(input.email, 'marketing');
  await deps.mailer.enqueue({
    to: input.email,
    ...(await subscribeConfirmationEmail(deps.brand, { confirmUrl: deps.links.confirmUrl(input.email), unsubscribeUrl })),
    unsubscribe: { scope: 'marketing', url: unsubscribeUrl },
  });
  return { id: lead.id, confirmationQueued: true };
}
