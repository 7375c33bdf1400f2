import type { ProWaitlist, Success } from '../../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/pro-waitlist` (issue 27 §3): an e-mail, stored as a lead with source pro-waitlist (+ captcha, honeypot). */
export function joinProWaitlist(body: ProWaitlist): Promise<Success> {
  return apiRequest<Success>('/api/pro-waitlist', { method: 'POST', body, anonymous: true });
}
