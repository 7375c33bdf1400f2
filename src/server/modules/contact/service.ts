/**
 * Contact messages. The spec's form sent nothing (§2, §7); DESIGN §6 makes it a public form like feedback:
 * stored, then e-mailed to SUPPORT_EMAIL by the mail job.
 */
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import type { CreateContactMessage } from '../../../shared/schemas/contact.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { Mailer } from '../../jobs/mail.ts';
import { headerLine, renderEmail } from '../leads/email-content.ts';
import type { RequestMeta } from '../leads/service.ts';

type ContactInput = Omit<CreateContactMessage, 'captcha' | 'website'>;

export async function submitContactMessage(
  deps: { db: Database; mailer: Mailer; supportEmail: string },
  input: ContactInput,
  meta: RequestMeta,
): Promise<{ id: number }> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...input, company: input.company ?? null, ipAddress: meta.ipAddress, userAgent: meta.userAgent })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  await deps.mailer.enqueue({
    to: deps.supportEmail,
    replyTo: input.email,
    subject: headerLine(`[${PRODUCT_NAME} contact] ${input.subject}`),
    ...renderEmail([
      `New message #${row!.id} from the contact page, received ${row!.createdAt.toISOString()}.`,
      `From: ${input.name} <${input.email}>${input.company ? `\nCompany: ${input.company}` : ''}\nSubject: ${input.subject}`,
      { quote: input.message },
      'Reply to this e-mail to answer the sender; we promise a reply within 24 hours.',
    ]),
  });
  return { id: row!.id };
}
