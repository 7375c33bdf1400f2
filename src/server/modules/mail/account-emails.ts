/**
 * The account e-mails, rendered by the mail module's templates (issue 24: the branded layout, a button, a text
 * part from the same source). Links point at pages, never at the API: the page asks for a button press, so mail
 * scanners that prefetch links use nothing up. All of them are transactional: someone is waiting for them, so they
 * go ahead of bulk mail (decision 0011); they carry no unsubscribe and are never suppressed.
 */
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import type { MailMessage } from '../../jobs/mail.ts';
import type { AppServices } from '../../services.ts';
import type { MailBrand } from './layout.tsx';
import * as templates from './templates.tsx';

export const CONFIRMATION_SUBJECT = `Confirm your ${PRODUCT_NAME} email address`;
export const RESET_SUBJECT = `Reset your ${PRODUCT_NAME} password`;
export const APPROVED_SUBJECT = `Your ${PRODUCT_NAME} account has been approved`;
export const ALREADY_REGISTERED_SUBJECT = `Your ${PRODUCT_NAME} account`;

const transactional = async (to: string, rendered: Promise<templates.RenderedMail>): Promise<MailMessage> => ({
  to,
  ...(await rendered),
  kind: 'transactional',
});

export const confirmationEmail = (to: string, brand: MailBrand, token: string) => transactional(to, templates.confirmationEmail(brand, to, token));
export const passwordResetEmail = (to: string, brand: MailBrand, token: string) => transactional(to, templates.passwordResetEmail(brand, to, token));
export const accountApprovedEmail = (to: string, brand: MailBrand) => transactional(to, templates.accountApprovedEmail(brand, to));
/** Sign-up with an address that already has a confirmed account: tell the owner, reveal nothing to the caller. */
export const alreadyRegisteredEmail = (to: string, brand: MailBrand) => transactional(to, templates.alreadyRegisteredEmail(brand, to));

/** Issue 36 §7: a second factor added or removed, a recovery code used, a passkey added. */
export const securityNoticeEmail = (to: string, brand: MailBrand, notice: templates.SecurityNotice) =>
  transactional(to, templates.securityNoticeEmail(brand, to, notice));

/** Queues the notice on the mail job (after the change is stored: it tells of something that happened). */
export async function sendSecurityNotice(services: Pick<AppServices, 'mailer' | 'mailBrand'>, to: string, notice: templates.SecurityNotice): Promise<void> {
  await services.mailer.enqueue(await securityNoticeEmail(to, services.mailBrand, notice));
}

export const FAILED_SIGN_INS_SUBJECT = `Failed sign-ins to your ${PRODUCT_NAME} account`;
/** Issue 23 §7: a burst of failed sign-ins on the owner's address (a notice, at most one a day). */
export const failedSignInsEmail = (to: string, brand: MailBrand, failures: number) =>
  transactional(to, templates.failedSignInsEmail(brand, to, failures));
