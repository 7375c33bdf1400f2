/**
 * The account e-mails (DESIGN §9: a plain-text part and a simple HTML part, sent by the mail job). Links point at
 * pages, never at the API: the page asks for a button press, so mail scanners that prefetch links use nothing up.
 * All of them are transactional: someone is waiting for them, so they go ahead of bulk mail (decision 0011).
 */
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { type MailMessage, textToHtml } from '../../jobs/mail.ts';

function message(to: string, subject: string, text: string): MailMessage {
  return { to, subject, text, html: textToHtml(text), kind: 'transactional' };
}

export const CONFIRMATION_SUBJECT = `Confirm your ${PRODUCT_NAME} email address`;
export const RESET_SUBJECT = `Reset your ${PRODUCT_NAME} password`;
export const APPROVED_SUBJECT = `Your ${PRODUCT_NAME} account has been approved`;
export const ALREADY_REGISTERED_SUBJECT = `Your ${PRODUCT_NAME} account`;

export function confirmationEmail(to: string, publicUrl: string, token: string): MailMessage {
  const link = `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  return message(
    to,
    CONFIRMATION_SUBJECT,
    [
      `Welcome to ${PRODUCT_NAME}!`,
      `Please confirm your email address by opening this link and pressing "Confirm Email":\n${link}`,
      'The link works once and expires in 24 hours.',
      'After you confirm, an administrator approves your account; you will get an email when you can sign in.',
      `If you did not create a ${PRODUCT_NAME} account, ignore this email.`,
    ].join('\n\n'),
  );
}

export function passwordResetEmail(to: string, publicUrl: string, token: string): MailMessage {
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return message(
    to,
    RESET_SUBJECT,
    [
      `Someone asked to reset the password of the ${PRODUCT_NAME} account for ${to}.`,
      `To choose a new password, open this link:\n${link}`,
      'The link works once and expires in 1 hour.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n\n'),
  );
}

export function accountApprovedEmail(to: string, publicUrl: string): MailMessage {
  return message(
    to,
    APPROVED_SUBJECT,
    [
      `Good news: an administrator has approved your ${PRODUCT_NAME} account.`,
      `You can sign in now:\n${publicUrl}/login`,
    ].join('\n\n'),
  );
}

/** Sign-up with an address that already has a confirmed account: tell the owner, reveal nothing to the caller. */
export function alreadyRegisteredEmail(to: string, publicUrl: string): MailMessage {
  return message(
    to,
    ALREADY_REGISTERED_SUBJECT,
    [
      `Someone tried to create a ${PRODUCT_NAME} account with ${to}, but you already have one.`,
      `Sign in here:\n${publicUrl}/login`,
      'Forgot your password? Choose "Forgot your password?" on that page.',
      'If this was not you, you can ignore this email.',
    ].join('\n\n'),
  );
}

export const FAILED_SIGN_INS_SUBJECT = `Failed sign-ins to your ${PRODUCT_NAME} account`;

/** Issue 23 §7: a burst of failed sign-ins on the owner's address (a notice, at most one a day). */
export function failedSignInsEmail(to: string, publicUrl: string, failures: number): MailMessage {
  return message(
    to,
    FAILED_SIGN_INS_SUBJECT,
    [
      `Someone has tried to sign in to the ${PRODUCT_NAME} account for ${to} with a wrong password ${failures} times in a row.`,
      'Each further attempt now has to wait longer, so guessing your password is slow.',
      `If this was you, wait a few minutes and sign in here:\n${publicUrl}/login`,
      `If it was not, your account is still safe as long as your password is strong and unique. You can choose a new one with "Forgot your password?" on that page.`,
    ].join('\n\n'),
  );
}
