/**
 * A message from a public form (contact, feedback; docs/architecture.md §6): stored in the inbox, announced to the
 * webhooks right after (issue 41, decision 0063), then e-mailed to SUPPORT_EMAIL by the mail job, Reply-To the
 * visitor so a person answers.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { PublicFormExtras } from '../../shared/schemas/leads.ts';
import { WEBHOOK_EVENT } from '../../shared/schemas/webhooks.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema.ts';
import type { Mailer } from '../jobs/mail.ts';
import type { AppServices, RequestMeta } from '../services.ts';
import type { MailBrand } from './mail/layout.tsx';
import { publicFormRoute, type PublicFormRoute } from './public-form.ts';
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

/** `POST {url}` of a public form that sends the team a message (contact, feedback): `submit` stores and mails it. */
export function publicMessageRoute<Body extends z.ZodType<PublicFormExtras>>(
  app: FastifyInstance,
  {
    submit,
    ...route
  }: Omit<PublicFormRoute<Body>, 'description' | 'submit'> & {
    submit(
      deps: PublicMessageDeps,
      input: Omit<z.output<Body>, keyof PublicFormExtras>,
      meta: RequestMeta,
    ): Promise<unknown>;
  },
) {
  publicFormRoute(app, {
    ...route,
    description: 'Stored, then e-mailed to the support address.',
    async submit(input, meta) {
      await submit(publicMessageDeps(app.services), input, meta);
    },
  });
}

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
