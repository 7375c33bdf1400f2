/**
 * Invitations (spec §3, issue 24): stored, then e-mailed to the recipient by the mail job. Anyone can send one,
 * anonymously, so the mail must not be a relay (decision 0023): the names are plain names (shared schema), the
 * Subject carries no free text, the personal message is quoted plain text without links (as a reader sees them,
 * decision 0042), the sender's address is shown as unverified and never used as Reply-To, and three limits hold,
 * checked and recorded in one transaction under per-sender and per-recipient advisory locks (always taken in that
 * order, so never a deadlock): INVITATION_IP_LIMIT a day per sender network (IPv4 address or IPv6 /64, decision
 * 0043), INVITATION_RECIPIENT_LIMIT a week per recipient, and the site's hourly cap.
 * A recipient on the suppression list gets nothing, and the sender sees the same success (no enumeration).
 */
import { and, count, gt, inArray, like, sql } from 'drizzle-orm';
import {
  type CreateInvitation,
  INVITATION_GLOBAL_LIMIT_ERROR,
  INVITATION_IP_LIMIT,
  INVITATION_IP_LIMIT_ERROR,
  INVITATION_IP_WINDOW_HOURS,
  INVITATION_RECIPIENT_LIMIT,
  INVITATION_RECIPIENT_LIMIT_ERROR,
  INVITATION_RECIPIENT_WINDOW_HOURS,
} from '../../../shared/schemas/invitations.ts';
import type { Database } from '../../db/client.ts';
import { clientNetworkKey } from '../../lib/client-network.ts';
import { invitations } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import type { RequestMeta } from '../../services.ts';
import type { MailBrand } from '../mail/layout.tsx';
import { invitationEmail } from '../mail/templates.tsx';
import { isSuppressed } from '../unsubscribe/service.ts';
import type { UnsubscribeLinks } from '../../services.ts';

type InvitationInput = Omit<CreateInvitation, 'captcha' | 'website'>;

export type InvitationResult =
  | { sent: true; id: number; suppressed: boolean }
  | { sent: false; retryAfterSeconds: number; error: string };

const HOUR_MS = 60 * 60 * 1000;

export interface InvitationDependencies {
  db: Database;
  mailer: Mailer;
  brand: MailBrand;
  /** Signs the recipient's "no more invitations" link. */
  unsubscribe: UnsubscribeLinks;
  /** Invitations the whole site sends in an hour (INVITATION_HOURLY_CAP). */
  hourlyCap: number;
  now?: () => Date;
}

/** When the oldest of `times` that counts against `limit` leaves a window of `windowMs`. */
function retryAfter(times: Date[], limit: number, windowMs: number, now: Date): number {
  const sorted = times.map((time) => time.getTime()).sort((a, b) => a - b);
  const oldest = sorted[sorted.length - limit] ?? now.getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
}

/** Invitations stored in the last hour, site-wide (the admin dashboard shows it against the cap). */
export async function invitationsLastHour(db: Database, now = new Date()): Promise<number> {
  const [row] = await db.select({ value: count() }).from(invitations).where(gt(invitations.createdAt, new Date(now.getTime() - HOUR_MS)));
  return row?.value ?? 0;
}

export async function sendInvitation(deps: InvitationDependencies, input: InvitationInput, meta: RequestMeta): Promise<InvitationResult> {
  const now = deps.now?.() ?? new Date();
  const recipient = input.recipientEmail.toLowerCase();
  const recipientWindowMs = INVITATION_RECIPIENT_WINDOW_HOURS * HOUR_MS;
  const ipWindowMs = INVITATION_IP_WINDOW_HOURS * HOUR_MS;
  const result = await deps.db.transaction(async (tx): Promise<InvitationResult> => {
    if (meta.ipAddress) {
      // The sender is its network: an IPv6 sender's whole /64 shares one quota (decision 0043).
      const network = clientNetworkKey(meta.ipAddress);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation-ip:${network}`}))`);
      // Rows keep the full address, so the network is matched here: an IPv4 sender by its index-friendly
      // notations, an IPv6 sender among the window's IPv6 senders (at most a day of the hourly cap), both checked
      // with the one network rule below.
      const sameNotation = network.endsWith('/64')
        ? like(invitations.ipAddress, '%:%')
        : inArray(invitations.ipAddress, [...new Set([meta.ipAddress, network, `::ffff:${network}`])]);
      const candidates = await tx
        .select({ ipAddress: invitations.ipAddress, createdAt: invitations.createdAt })
        .from(invitations)
        .where(and(sameNotation, gt(invitations.createdAt, new Date(now.getTime() - ipWindowMs))));
      const fromNetwork = candidates.filter((row) => clientNetworkKey(row.ipAddress) === network);
      if (fromNetwork.length >= INVITATION_IP_LIMIT) {
        const times = fromNetwork.map((row) => row.createdAt);
        return { sent: false, retryAfterSeconds: retryAfter(times, INVITATION_IP_LIMIT, ipWindowMs, now), error: INVITATION_IP_LIMIT_ERROR };
      }
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${recipient}`}))`);
    const toRecipient = await tx
      .select({ createdAt: invitations.createdAt })
      .from(invitations)
      .where(and(sql`lower(${invitations.recipientEmail}) = ${recipient}`, gt(invitations.createdAt, new Date(now.getTime() - recipientWindowMs))));
    if (toRecipient.length >= INVITATION_RECIPIENT_LIMIT) {
      const times = toRecipient.map((row) => row.createdAt);
      return {
        sent: false,
        retryAfterSeconds: retryAfter(times, INVITATION_RECIPIENT_LIMIT, recipientWindowMs, now),
        error: INVITATION_RECIPIENT_LIMIT_ERROR,
      };
    }
    // The site-wide cap is a ceiling on damage, not a fairness rule: counted without a lock.
    const lastHour = await tx
      .select({ createdAt: invitations.createdAt })
      .from(invitations)
      .where(gt(invitations.createdAt, new Date(now.getTime() - HOUR_MS)));
    if (lastHour.length >= deps.hourlyCap) {
      const times = lastHour.map((row) => row.createdAt);
      return { sent: false, retryAfterSeconds: retryAfter(times, deps.hourlyCap, HOUR_MS, now), error: INVITATION_GLOBAL_LIMIT_ERROR };
    }
    const [row] = await tx
      .insert(invitations)
      .values({
        senderName: input.senderName,
        senderEmail: input.senderEmail,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        personalMessage: input.personalMessage ?? null,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
        createdAt: now,
      })
      .returning({ id: invitations.id });
    return { sent: true, id: row!.id, suppressed: false };
  });
  if (!result.sent) return result;
  // A suppressed recipient: stored (it counts against the limits) but not mailed; the sender is not told.
  if (await isSuppressed(deps.db, recipient, 'invitations')) return { ...result, suppressed: true };
  const unsubscribeUrl = deps.unsubscribe.url(recipient, 'invitations');
  await deps.mailer.enqueue({
    to: input.recipientEmail,
    ...(await invitationEmail(deps.brand, { ...input, unsubscribeUrl })),
    unsubscribe: { scope: 'invitations', url: unsubscribeUrl },
  });
  return result;
}
