/**
 * Contact messages. The spec's form sent nothing (§2, §7); docs/architecture.md §6 makes it a public form like feedback:
 * stored, then e-mailed to SUPPORT_EMAIL by the mail job (public-message.ts).
 */
import type { CreateContactMessage } from '../../../shared/schemas/contact.ts';
import type { RequestMeta } from '../../services.ts';
import { type PublicMessageDeps, receivePublicMessage } from '../public-message.ts';

type ContactInput = Omit<CreateContactMessage, 'captcha' | 'website'>;

export function submitContactMessage(deps: PublicMessageDeps, input: ContactInput, meta: RequestMeta): Promise<{ id: number }> {
  const { name, email, subject, message, company } = input;
  return receivePublicMessage(deps, { kind: 'contact', name, email, subject, message, company: company ?? null }, meta);
}
