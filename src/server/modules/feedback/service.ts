/** Feedback (spec §3): stored, then e-mailed to SUPPORT_EMAIL by the mail job. */
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import type { FeedbackForm } from '../../../shared/schemas/feedback.ts';
import type { Database } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import { headerLine, renderEmail } from '../leads/email-content.ts';
import type { RequestMeta } from '../leads/service.ts';

export async function submitFeedback(
  deps: { db: Database; mailer: Mailer; supportEmail: string },
  input: FeedbackForm,
  meta: RequestMeta,
): Promise<{ id: number }> {
  const [row] = await deps.db
    .insert(feedback)
    .values({ ...input, ipAddress: meta.ipAddress, userAgent: meta.userAgent })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  await deps.mailer.enqueue({
    to: deps.supportEmail,
    replyTo: input.email,
    subject: headerLine(`[${PRODUCT_NAME} feedback] ${input.subject}`),
    ...renderEmail([
      `New feedback #${row!.id} from ${input.name} <${input.email}>, received ${row!.createdAt.toISOString()}.`,
      `Subject: ${input.subject}`,
      { quote: input.message },
      'Reply to this e-mail to answer the sender.',
    ]),
  });
  return { id: row!.id };
}
