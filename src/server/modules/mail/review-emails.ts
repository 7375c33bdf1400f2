/**
 * The mails of post review (decision 0058): a draft submitted (to everyone who may publish it) and a draft returned
 * (to its author). Account mail, transactional, no unsubscribe: part of the person's work in the back-office.
 */
import type { MailMessage } from '../../jobs/mail.ts';
import type { MailBrand } from './layout.tsx';
import * as templates from './templates.tsx';

export const postSubmittedSubject = (title: string) => `A post was submitted for review: ${title}`;
export const postReturnedSubject = (title: string) => `Your post was returned to you: ${title}`;

export const postSubmittedEmail = async (to: string, brand: MailBrand, input: { title: string; author: string }): Promise<MailMessage> => ({
  to,
  ...(await templates.postSubmittedEmail(brand, to, input)),
  kind: 'transactional',
});

export const postReturnedEmail = async (to: string, brand: MailBrand, input: { title: string; by: string }): Promise<MailMessage> => ({
  to,
  ...(await templates.postReturnedEmail(brand, to, input)),
  kind: 'transactional',
});
