/** Feedback (spec §3): stored, then e-mailed to SUPPORT_EMAIL by the mail job. */
import type { FeedbackForm } from '../../../shared/schemas/feedback.ts';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import type { MailBrand } from '../mail/layout.tsx';
import { feedbackNotificationEmail } from '../mail/templates.tsx';
import type { RequestMeta } from '../../services.ts';
import { WEBHOOK_EVENT } from '../../../shared/schemas/webhooks.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';

export async function submitFeedback(
  deps: { db: Database; mailer: Mailer; supportEmail: string; brand: MailBrand },
  input: FeedbackForm,
  meta: RequestMeta,
): Promise<{ id: number }> {
  const [row] = await deps.db
    .insert(messages)
    .values({ ...input, kind: 'feedback', ipAddress: meta.ipAddress, userAgent: meta.userAgent })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  // Issue 41: stored right after the message, before the mail leaves (decision 0063).
  await recordWebhookEvent(deps.db, WEBHOOK_EVENT.messageReceived, {
    id: row!.id,
    kind: 'feedback',
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    receivedAt: row!.createdAt.toISOString(),
  });
  await deps.mailer.enqueue({
    to: deps.supportEmail,
    replyTo: input.email,
    ...(await feedbackNotificationEmail(deps.brand, {
      id: row!.id,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      receivedAt: row!.createdAt,
      adminUrl: `${deps.brand.publicUrl}/admin/inbox`,
    })),
  });
  return { id: row!.id };
}
