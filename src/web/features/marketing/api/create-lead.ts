import type { CreateLead, Success } from '../../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/leads` (spec §7): email, firstName, source (+ captcha, honeypot, UTM and referrer). */
export function createLead(body: CreateLead): Promise<Success> {
  return apiRequest<Success>('/api/leads', { method: 'POST', body });
}
