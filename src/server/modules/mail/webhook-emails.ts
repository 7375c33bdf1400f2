/**
 * The mail of webhooks (issue 41, decision 0063): an endpoint disabled after three days of failed deliveries, to every
 * owner. Account mail, transactional, no unsubscribe: an owner must learn that events stopped leaving.
 */
import type { MailMessage } from '../../jobs/mail.ts';
import type { MailBrand } from './layout.tsx';
import * as templates from './templates.tsx';

export const webhookEndpointDisabledEmail = async (to: string, brand: MailBrand, input: { url: string }): Promise<MailMessage> => ({
  to,
  ...(await templates.webhookEndpointDisabledEmail(brand, to, input)),
  kind: 'transactional',
});
