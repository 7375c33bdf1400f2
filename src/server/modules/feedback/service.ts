/** Feedback (spec §3): stored, then e-mailed to SUPPORT_EMAIL by the mail job (public-message.ts). */
import type { FeedbackForm } from '../../../shared/schemas/feedback.ts';
import type { RequestMeta } from '../../services.ts';
import { type PublicMessageDeps, receivePublicMessage } from '../public-message.ts';

export function submitFeedback(deps: PublicMessageDeps, input: FeedbackForm, meta: RequestMeta): Promise<{ id: number }> {
  const { name, email, subject, message } = input;
  return receivePublicMessage(deps, { kind: 'feedback', name, email, subject, message }, meta);
}
