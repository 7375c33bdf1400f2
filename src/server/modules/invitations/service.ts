/**
 * Invitations (spec §3): stored, then e-mailed to the recipient by the mail job. An inbox cannot be flooded:
 * besides the per-IP limit of the route, one address receives at most INVITATION_RECIPIENT_LIMIT invitations in
 * INVITATION_RECIPIENT_WINDOW_HOURS, checked and recorded under a per-address lock so concurrent requests
 * cannot both slip through.
 */
import { and, asc, gt, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import {
  type CreateInvitation,
  INVITATION_RECIPIENT_LIMIT,
  INVITATION_RECIPIENT_WINDOW_HOURS,
} from '../../../shared/schemas/invitations.ts';
import type { Database } from '../../db/client.ts';
import { invitations } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import { type EmailBlock, headerLine, renderEmail } from '../leads/email-content.ts';
import type { RequestMeta } from '../leads/service.ts';

type InvitationInput = Omit<CreateInvitation, 'captcha' | 'website'>;

export type InvitationResult = { sent: true; id: number } | { sent: false; retryAfterSeconds: number };

const WINDOW_MS = INVITATION_RECIPIENT_WINDOW_HOURS * 60 * 60 * 1000;

export function invitationEmail(input: InvitationInput, publicUrl: string) {
  const download = new URL('/', publicUrl);
  download.search = new URLSearchParams({ utm_source: 'invitation', utm_medium: 'email' }).toString();
  download.hash = 'download';
  const blocks: EmailBlock[] = [
    `Hi ${input.recipientName},`,
    `${input.senderName} (${input.senderEmail}) thinks you would like ${PRODUCT_NAME}, a free Windows app that saves an idea from your system tray in seconds: to a text file on your computer or straight into Google Docs.`,
  ];
  if (input.personalMessage) blocks.push(`${input.senderName} wrote:`, { quote: input.personalMessage });
  blocks.push(
    { href: download.toString(), label: `Get ${PRODUCT_NAME} free` },
    `You received this because ${input.senderName} entered your address on ${publicUrl}/share-it. We have not added you to any list, and we will not write again unless you ask for the download yourself.`,
    `— The ${PRODUCT_NAME} team`,
  );
  return { subject: headerLine(`${input.senderName} invited you to try ${PRODUCT_NAME}`), ...renderEmail(blocks) };
}

export async function sendInvitation(
  deps: { db: Database; mailer: Mailer; publicUrl: string; now?: () => Date },
  input: InvitationInput,
  meta: RequestMeta,
): Promise<InvitationResult> {
  const now = deps.now?.() ?? new Date();
  const recipient = input.recipientEmail.toLowerCase();
  const result = await deps.db.transaction(async (tx): Promise<InvitationResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${recipient}`}))`);
    const recent = await tx
      .select({ createdAt: invitations.createdAt })
      .from(invitations)
      .where(and(sql`lower(${invitations.recipientEmail}) = ${recipient}`, gt(invitations.createdAt, new Date(now.getTime() - WINDOW_MS))))
      .orderBy(asc(invitations.createdAt));
    if (recent.length >= INVITATION_RECIPIENT_LIMIT) {
      // The address can receive another one when the oldest invitation in the window leaves it.
      const oldest = recent[recent.length - INVITATION_RECIPIENT_LIMIT]!.createdAt.getTime();
      return { sent: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000)) };
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
    return { sent: true, id: row!.id };
  });
  if (result.sent) await deps.mailer.enqueue({ to: input.recipientEmail, ...invitationEmail(input, deps.publicUrl) });
  return result;
}
