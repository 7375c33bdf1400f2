/**
 * Leads (spec §3): one row per e-mail address, case-insensitive. A repeated address updates the first name when
 * given and keeps the first source and attribution (first touch), then the download e-mail and the Kit sync are
 * queued again (DESIGN §6 "Decided") — the e-mail at most LEAD_DOWNLOAD_EMAIL_LIMIT times a day per address, so
 * the form cannot be used to flood an inbox (decision 0011). The row is written before anything is queued, so no
 * lead is lost.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import type { CreateLead } from '../../../shared/schemas/leads.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { enqueueKitSync } from '../../jobs/kit.ts';
import { type RecipientCap, withinRecipientCap } from '../../jobs/recipient-cap.ts';
import { renderEmail } from './email-content.ts';

export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface LeadDependencies {
  db: Database;
  mailer: Mailer;
  queue: JobQueue;
  config: Pick<AppConfig, 'kit' | 'downloadUrl' | 'publicUrl' | 'supportEmail'>;
  now?: () => Date;
}

/** One address gets the download e-mail at most this many times in LEAD_DOWNLOAD_EMAIL_WINDOW_HOURS. */
export const LEAD_DOWNLOAD_EMAIL_LIMIT = 3;
export const LEAD_DOWNLOAD_EMAIL_WINDOW_HOURS = 24;

/** Each download e-mail queued is an audit entry of its lead; the entries are the cap's record. */
const DOWNLOAD_EMAIL_ACTION = 'lead.download_email';

const DOWNLOAD_EMAIL_CAP: RecipientCap = {
  scope: 'lead-download',
  limit: LEAD_DOWNLOAD_EMAIL_LIMIT,
  windowMs: LEAD_DOWNLOAD_EMAIL_WINDOW_HOURS * 60 * 60 * 1000,
};

type LeadInput = Omit<CreateLead, 'captcha' | 'website'>;

/** INSERT … ON CONFLICT on the unique index over lower(email): one statement, no duplicate even under a race. */
export async function upsertLead(db: Database, input: LeadInput, meta: RequestMeta): Promise<{ id: number }> {
  const result = await db.execute<{ id: number }>(sql`
    insert into leads (email, first_name, source, ip_address, user_agent,
                       utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer)
    values (${input.email}, ${input.firstName}, ${input.source ?? null}, ${meta.ipAddress}, ${meta.userAgent},
            ${input.utm_source ?? null}, ${input.utm_medium ?? null}, ${input.utm_campaign ?? null},
            ${input.utm_term ?? null}, ${input.utm_content ?? null}, ${input.referrer ?? null})
    on conflict (lower(email)) do update set
      first_name = coalesce(excluded.first_name, leads.first_name),
      source = coalesce(leads.source, excluded.source),
      utm_source = coalesce(leads.utm_source, excluded.utm_source),
      utm_medium = coalesce(leads.utm_medium, excluded.utm_medium),
      utm_campaign = coalesce(leads.utm_campaign, excluded.utm_campaign),
      utm_term = coalesce(leads.utm_term, excluded.utm_term),
      utm_content = coalesce(leads.utm_content, excluded.utm_content),
      referrer = coalesce(leads.referrer, excluded.referrer),
      updated_at = now()
    returning id`);
  const row = result.rows[0];
  if (!row) throw new Error('The lead upsert returned no row');
  return { id: Number(row.id) };
}

export function downloadEmail(firstName: string, downloadUrl: string, publicUrl: string) {
  return {
    subject: `Your ${PRODUCT_NAME} download link`,
    ...renderEmail([
      `Hi ${firstName},`,
      `Thanks for trying ${PRODUCT_NAME}! Here is your download for Windows. The installer is under 10 MB and takes about a minute.`,
      { href: downloadUrl, label: `Download ${PRODUCT_NAME} for Windows` },
      `After installing, ${PRODUCT_NAME} sits in your system tray. Click it (or use New jot from its menu), type your idea and press Enter: it is saved to a text file on your computer, or to a Google Doc if you pick the Google Docs plugin.`,
      `Questions? The help page has answers, and a reply to this e-mail reaches a person.`,
      { href: `${publicUrl}/help`, label: 'Open Help & FAQ' },
      `You get this e-mail because you asked for the download at ${publicUrl}. We use your address only for the download link and product updates.`,
      `— The ${PRODUCT_NAME} team`,
    ]),
  };
}

/**
 * Stores (or updates) the lead, then queues the download e-mail (unless the address had its share today) and
 * the Kit sync (always: it is idempotent and keeps the first name current).
 */
export async function captureLead(
  deps: LeadDependencies,
  input: LeadInput,
  meta: RequestMeta,
): Promise<{ id: number; downloadEmailQueued: boolean }> {
  const lead = await upsertLead(deps.db, input, meta);
  const now = deps.now?.() ?? new Date();
  const entityId = String(lead.id);
  const cap = await withinRecipientCap(deps.db, DOWNLOAD_EMAIL_CAP, input.email, now, {
    sentSince: async (tx, since) =>
      (
        await tx
          .select({ createdAt: auditLog.createdAt })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entity, 'lead'),
              eq(auditLog.entityId, entityId),
              eq(auditLog.action, DOWNLOAD_EMAIL_ACTION),
              gt(auditLog.createdAt, since),
            ),
          )
      ).map((row) => row.createdAt),
    record: async (tx) => {
      await tx.insert(auditLog).values({
        action: DOWNLOAD_EMAIL_ACTION,
        entity: 'lead',
        entityId,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
        createdAt: now,
      });
    },
  });
  if (cap.allowed) {
    await deps.mailer.enqueue({
      to: input.email,
      replyTo: deps.config.supportEmail,
      ...downloadEmail(input.firstName, deps.config.downloadUrl, deps.config.publicUrl),
    });
  }
  await enqueueKitSync(deps.queue, deps.config.kit, lead.id);
  return { id: lead.id, downloadEmailQueued: cap.allowed };
}
