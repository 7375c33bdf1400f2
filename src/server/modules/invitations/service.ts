/**
 * Invitations (spec §3): stored, then e-mailed to the recipient by the mail job. An inbox cannot be flooded:
 * besides the per-IP limit of the route, one address receives at most INVITATION_RECIPIENT_LIMIT invitations in
 * INVITATION_RECIPIENT_WINDOW_HOURS (jobs/recipient-cap.ts: checked and recorded under a per-address lock).
 */
import { and, gt, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import {
  type CreateInvitation,
  INVITATION_RECIPIENT_LIMIT,
  INVITATION_RECIPIENT_WINDOW_HOURS,
} from '../../../shared/schemas/invitations.ts';
import type { Database } from '../../db/client.ts';
import { invitations } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import { type RecipientCap, withinRecipientCap } from '../../jobs/recipient-cap.ts';
import { type EmailBlock, headerLine, renderEmail } from '../leads/email-content.ts';
import type { RequestMeta } from '../leads/service.ts';

type InvitationInput = Omit<CreateInvitation, 'captcha' | 'website'>;

export type InvitationResult = { sent: true; id: number } | { sent: false; retryAfterSeconds: number };

const INVITATION_CAP: RecipientCap = {
  scope: 'invitation',
  limit: INVITATION_RECIPIENT_LIMIT,
  windowMs: INVITATION_RECIPIENT_WINDOW_HOURS * 60 * 60 * 1000,
};

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
  const result = await withinRecipientCap(deps.db, INVITATION_CAP, recipient, now, {
    sentSince: async (tx, since) =>
      (
        await tx
          .select({ createdAt: invitations.createdAt })
          .from(invitations)
          .where(and(sql`lower(${invitations.recipientEmail}) = ${recipient}`, gt(invitations.createdAt, since)))
      ).map((row) => row.createdAt),
    record: async (tx) => {
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
      return row!.id;
    },
  });
  if (!result.allowed) return { sent: false, retryAfterSeconds: result.retryAfterSeconds };
  await deps.mailer.enqueue({ to: input.recipientEmail, ...invitationEmail(input, deps.publicUrl) });
  return { sent: true, id: result.value };
}
