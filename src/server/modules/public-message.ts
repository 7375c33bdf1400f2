/**
 * A message from a public form (contact, feedback; docs/architecture.md §6): stored in the inbox, announced to the
 * webhooks right after (issue 41, decision 0063), then e-mailed to SUPPORT_EMAIL by the mail job, Reply-To the
 * visitor so a person answers.
 */
import { WEBHOOK_EVENT } from '../../shared/schemas/webhooks.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema.ts';
import type { Mailer } from '../jobs/mail.ts';
import type { AppServices, RequestMeta } from '../services.ts';
import type { MailBrand } from './mail/layout.tsx';
import { contactNotificationEmail, feedbackNotificationEmail } from './mail/templates.tsx';
import { recordWebhookEvent } from './webhooks/outbox.ts';

export interface PublicMessageDeps {
  db: Database;
  mailer: Mailer;
  supportEmail: string;
  brand: MailBrand;
}

export const publicMessageDeps = (services: AppServices): PublicMessageDeps => ({
  db: services.database.db,
  mailer: services.mailer,
  supportEmail: services.config.supportEmail,
  brand: services.mailBrand,
});

type PublicMessage = { name: string; email: string; subject: string; message: string } & (
  | { kind: 'feedback' }
  | { kind: 'contact'; company: string | null }
);

export async function receivePublicMessage(
  deps: PublicMessageDeps,
  message: PublicMessage,
  meta: RequestMeta,
): Promise<{ id: number }> {
  const [row] = await deps.db
    .insert(messages)
    .values({ ...message, ipAddress: meta.ipAddress, userAgent: meta.userAgent })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  const { id, createdAt } = row!;
  await recordWebhookEvent(deps.db, WEBHOOK_EVENT.messageReceived, { id, ...message, receivedAt: createdAt.toISOString() });
  const notification = { id, ...message, receivedAt: createdAt, adminUrl: `${deps.brand.publicUrl}/admin/inbox` };
  await deps.mailer.enqueue({
    to: deps.supportEmail,
    replyTo: message.email,
    ...(await (message.kind === 'contact'
      ? contactNotificationEmail(deps.brand, { ...notification, company: message.company ?? undefined })
      : feedbackNotificationEmail(deps.brand, notification))),
  });
  return { id };
}
