/**
 * Every e-mail the product sends (issue 24), each one React Email element in the branded layout, rendered once to
 * HTML and once to plain text from the same source. What a visitor typed is only ever element text (React
 * escapes it, and nothing of theirs becomes a link); only our own URLs are links. Subjects carry no free text
 * from the public. Dates are written out in words (UTC), never raw ISO.
 */
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { CtaButton, Details, EmailLayout, type MailBrand, type MailFooter, Note, Paragraph, Quote, Rule } from './layout.tsx';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** HTML and the text part from one element; the text part keeps each link's URL on a line of its own. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        // No hard wrap: clients wrap, and a visitor's message stays as typed.
        wordwrap: false,
        selectors: [
          // A link reads "label" then its URL on the next line: nothing (like a period) is ever glued to a URL.
          { selector: 'a', options: { linkBrackets: ['\n', ''], hideLinkHrefIfSameAsText: true } },
          { selector: 'img', format: 'skip' },
          { selector: 'hr', format: 'skip' },
          { selector: '[data-skip-in-text=true]', format: 'skip' },
        ],
      },
    }),
  ]);
  return { subject, html, text: text.replace(/[ \t]+\n/g, '\n').trim() + '\n' };
}

/** One line for a Subject header: no line breaks (header injection) and no runaway length. */
export function headerLine(value: string, max = 150): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "27 November 2026, 08:05 UTC": what a person reads, unlike raw ISO. */
export function formatWhen(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

const SIGNATURE = `The ${PRODUCT_NAME} team`;
const ACCOUNT_REASON = (email: string) => `You get this e-mail because an account on ${PRODUCT_NAME} uses ${email}. Account messages cannot be unsubscribed from.`;

// --- Account mail (transactional: no unsubscribe, never suppressed) -------------------------------------------

export function confirmationEmail(brand: MailBrand, to: string, token: string) {
  const link = `${brand.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  const subject = `Confirm your ${PRODUCT_NAME} email address`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="One click and your account is confirmed. The link expires in 24 hours." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>Welcome to {PRODUCT_NAME}!</Paragraph>
      <Paragraph>Please confirm your email address: open the page below and press “Confirm Email”.</Paragraph>
      <CtaButton href={link}>Confirm my email address</CtaButton>
      <Note>The link works once and expires in 24 hours. After you confirm, an administrator approves your account, and we e-mail you when you can sign in.</Note>
      <Note>If you did not create a {PRODUCT_NAME} account, ignore this e-mail.</Note>
    </EmailLayout>,
  );
}

export function passwordResetEmail(brand: MailBrand, to: string, token: string) {
  const link = `${brand.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const subject = `Reset your ${PRODUCT_NAME} password`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="Choose a new password; the link expires in 1 hour." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>Someone asked to reset the password of the {PRODUCT_NAME} account for {to}.</Paragraph>
      <CtaButton href={link}>Choose a new password</CtaButton>
      <Note>The link works once and expires in 1 hour.</Note>
      <Note>If you did not ask for this, ignore this e-mail: your password stays as it is.</Note>
    </EmailLayout>,
  );
}

export function accountApprovedEmail(brand: MailBrand, to: string) {
  const subject = `Your ${PRODUCT_NAME} account has been approved`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="You can sign in now." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>Good news: an administrator has approved your {PRODUCT_NAME} account.</Paragraph>
      <CtaButton href={`${brand.publicUrl}/login`}>Sign in</CtaButton>
    </EmailLayout>,
  );
}

/** Sign-up with an address that already has a confirmed account: tell the owner, reveal nothing to the caller. */
export function alreadyRegisteredEmail(brand: MailBrand, to: string) {
  const subject = `Your ${PRODUCT_NAME} account`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="You already have an account; here is how to sign in." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>Someone tried to create a {PRODUCT_NAME} account with {to}, but you already have one.</Paragraph>
      <CtaButton href={`${brand.publicUrl}/login`}>Sign in</CtaButton>
      <Note>Forgot your password? Choose “Forgot your password?” on the sign-in page.</Note>
      <Note>If this was not you, you can ignore this e-mail.</Note>
    </EmailLayout>,
  );
}

/** Issue 23 §7: a burst of failed sign-ins on the owner's address (a notice, at most one a day). */
export function failedSignInsEmail(brand: MailBrand, to: string, failures: number) {
  const subject = `Failed sign-ins to your ${PRODUCT_NAME} account`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="Someone has been guessing your password; each new try now waits longer." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>
        Someone has tried to sign in to the {PRODUCT_NAME} account for {to} with a wrong password {failures} times in a row.
      </Paragraph>
      <Paragraph>Each further attempt now has to wait longer, so guessing your password is slow.</Paragraph>
      <CtaButton href={`${brand.publicUrl}/login`}>Sign in</CtaButton>
      <Note>If this was you, wait a few minutes before you sign in.</Note>
      <Note>
        If it was not, your account is still safe as long as your password is strong and unique. You can choose a new one
        with “Forgot your password?” on the sign-in page.
      </Note>
    </EmailLayout>,
  );
}

// --- Staff mail (issue 36 §4, decision 0056; account mail: no unsubscribe) ----------------------------------------

export interface StaffInvitationEmailInput {
  token: string;
  /** The role's label ("Editor"). */
  roleLabel: string;
  /** Who invited, by e-mail; null when unknown. */
  invitedBy: string | null;
  expiresAt: Date;
}

/** An owner or admin invited this address to the back-office with a role. */
export function staffInvitationEmail(brand: MailBrand, to: string, input: StaffInvitationEmailInput) {
  const link = `${brand.publicUrl}/staff-invite?token=${encodeURIComponent(input.token)}`;
  const subject = `You are invited to ${PRODUCT_NAME} as ${input.roleLabel}`;
  return renderMail(
    subject,
    <EmailLayout
      title={subject}
      preheader={`Choose a password to join the ${PRODUCT_NAME} team. The link expires in 72 hours.`}
      brand={brand}
      footer={{ reason: `You get this e-mail because someone on the ${PRODUCT_NAME} team invited ${to}. Account messages cannot be unsubscribed from.` }}
    >
      <Paragraph>
        {input.invitedBy ? `${input.invitedBy} invited you` : 'You are invited'} to work on {PRODUCT_NAME} as {input.roleLabel}.
      </Paragraph>
      <Paragraph>Open the page below and choose a password; you are then signed in to the back-office.</Paragraph>
      <CtaButton href={link}>Accept the invitation</CtaButton>
      <Note>The link works once and expires on {formatWhen(input.expiresAt)}.</Note>
      <Note>If you did not expect this, ignore this e-mail: no account is made until the link is used.</Note>
    </EmailLayout>,
  );
}

/** Someone with the right changed this person's role (users/service.ts). */
export function roleChangedEmail(brand: MailBrand, to: string, input: { roleLabel: string; isStaff: boolean }) {
  const subject = `Your role on ${PRODUCT_NAME} is now ${input.roleLabel}`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="Sign in again to continue with your new role." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>An administrator changed the role of the {PRODUCT_NAME} account for {to}: it is now {input.roleLabel}.</Paragraph>
      <Paragraph>
        {input.isStaff
          ? 'What you can see and do in the back-office changes with it. Your sessions ended with the change, so please sign in again.'
          : 'The account no longer has access to the back-office. Your sessions ended with the change; you can still sign in as a user.'}
      </Paragraph>
      <CtaButton href={`${brand.publicUrl}/login`}>Sign in</CtaButton>
      <Note>If you think this is a mistake, contact whoever manages your team.</Note>
    </EmailLayout>,
  );
}

/** A staff account was deleted (users/service.ts). */
export function staffRemovedEmail(brand: MailBrand, to: string) {
  const subject = `Your ${PRODUCT_NAME} account has been removed`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="You no longer have access to the back-office." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>An administrator removed the {PRODUCT_NAME} account for {to}, and with it your access to the back-office.</Paragraph>
      <Paragraph>Every session of the account has ended. Nothing else is needed from you.</Paragraph>
      <Note>If you think this is a mistake, ask whoever manages your team to invite you again.</Note>
    </EmailLayout>,
  );
}

/** Webhooks (issue 41): three days of failed deliveries disabled an endpoint; to every owner. */
export function webhookEndpointDisabledEmail(brand: MailBrand, to: string, input: { url: string }) {
  const subject = `A webhook endpoint was disabled: ${new URL(input.url).host}`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="Deliveries to it failed for three days." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>Deliveries to the webhook endpoint {input.url} have failed for three days without a success, so {PRODUCT_NAME} has disabled it.</Paragraph>
      <Paragraph>Fix the receiver, then enable the endpoint again and replay the deliveries that failed (the webhooks API, described in the API reference).</Paragraph>
      <CtaButton href={`${brand.publicUrl}/docs`}>Open the API reference</CtaButton>
    </EmailLayout>,
  );
}

/** Post review (decision 0058): a draft was submitted; to each person who may publish it. */
export function postSubmittedEmail(brand: MailBrand, to: string, input: { title: string; author: string }) {
  const subject = `A post was submitted for review: ${input.title}`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader={`${input.author} asks for a review.`} brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>
        {input.author} submitted “{input.title}” for review. Read it, then publish it or return it to its author.
      </Paragraph>
      <CtaButton href={`${brand.publicUrl}/admin/blog?status=submitted`}>Open the review queue</CtaButton>
    </EmailLayout>,
  );
}

/** Post review (decision 0058): an editor returned a submitted draft; to its author. */
export function postReturnedEmail(brand: MailBrand, to: string, input: { title: string; by: string }) {
  const subject = `Your post was returned to you: ${input.title}`;
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="It is a draft again: change it and submit it once more." brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>
        {input.by} returned “{input.title}” to you. It is a draft again: change what it needs and submit it for review once
        more.
      </Paragraph>
      <CtaButton href={`${brand.publicUrl}/admin/blog`}>Open your posts</CtaButton>
    </EmailLayout>,
  );
}

/** What changed in how an account signs in (issue 36 §7): each is told to the account's address at once. */
export type SecurityNotice =
  | { kind: 'second_factor_added' }
  | { kind: 'second_factor_removed'; byAdmin: boolean }
  | { kind: 'recovery_code_used'; codesLeft: number }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string }
  | { kind: 'password_changed' }
  | { kind: 'new_sign_in'; device: string; country: string | null; at: Date };

const SECURITY_NOTICE_SUBJECTS: Record<SecurityNotice['kind'], string> = {
  second_factor_added: `A second factor was added to your ${PRODUCT_NAME} account`,
  second_factor_removed: `A second factor was removed from your ${PRODUCT_NAME} account`,
  recovery_code_used: `A recovery code was used on your ${PRODUCT_NAME} account`,
  passkey_added: `A new passkey was added to your ${PRODUCT_NAME} account`,
  passkey_removed: `A passkey was removed from your ${PRODUCT_NAME} account`,
  password_changed: `Your ${PRODUCT_NAME} password was changed`,
  new_sign_in: `New sign-in to your ${PRODUCT_NAME} account`,
};

export const securityNoticeSubject = (notice: SecurityNotice) => SECURITY_NOTICE_SUBJECTS[notice.kind];

function securityNoticeBody(notice: SecurityNotice): string {
  switch (notice.kind) {
    case 'second_factor_added':
      return 'Two-step sign-in with an authenticator app is now on: after your password, sign-in asks for a code from the app.';
    case 'second_factor_removed':
      return notice.byAdmin
        ? 'An administrator reset your two-step sign-in: your authenticator app, recovery codes and passkeys no longer work.'
        : 'Two-step sign-in with an authenticator app was turned off: your password alone signs in again, unless you have a passkey.';
    case 'recovery_code_used':
      return `Someone signed in with your password and one of your recovery codes. ${notice.codesLeft === 1 ? '1 code is' : `${notice.codesLeft} codes are`} left.`;
    case 'passkey_added':
      return `A passkey named “${notice.name}” was added. It signs in to your account without a password.`;
    case 'passkey_removed':
      return `The passkey named “${notice.name}” was removed. It no longer signs in to your account.`;
    case 'password_changed':
      return 'Your password was changed from the Security page. Every other device signed in to your account was signed out.';
    case 'new_sign_in':
      return `Your account was signed in to from ${notice.device}${notice.country ? ` in ${countryName(notice.country)}` : ''} on ${signInTime(notice.at)}, a device or country it had not signed in from before.`;
  }
}

/** A country code as its English name ("DE" → "Germany"), the code itself when the runtime has no name for it. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "29 November 2026 at 12:00 UTC": one zone for every reader, named, since the mail cannot know the reader's. */
const signInTime = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at)} at ${new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

/** Issue 36 §7: a change to how the account signs in, so its owner notices one they did not make. */
export function securityNoticeEmail(brand: MailBrand, to: string, notice: SecurityNotice) {
  const subject = securityNoticeSubject(notice);
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader={securityNoticeBody(notice)} brand={brand} footer={{ reason: ACCOUNT_REASON(to) }}>
      <Paragraph>{securityNoticeBody(notice)}</Paragraph>
      <CtaButton href={`${brand.publicUrl}/account/security`}>Review your security settings</CtaButton>
      <Note>If this was you, there is nothing to do.</Note>
      <Note>
        If it was not, someone may know your password: choose a new one with “Forgot your password?” on the sign-in page,
        then sign out the devices you do not recognise on the Security page.
      </Note>
    </EmailLayout>,
  );
}

// --- Marketing mail (suppressible, with the unsubscribe pair) -------------------------------------------------

const MARKETING_UNSUBSCRIBE = 'Unsubscribe from product updates';

export interface DownloadEmailInput {
  firstName: string;
  downloadUrl: string;
  unsubscribeUrl: string;
  /** Double opt-in: the link that confirms product updates, while the address has not confirmed. */
  confirmUrl?: string;
  /** A campaign landing page's own words (its name and description, written by an admin). */
  campaign?: { name: string; description: string | null };
}

export function downloadEmail(brand: MailBrand, input: DownloadEmailInput) {
  const subject = `Your ${PRODUCT_NAME} download link`;
  const footer: MailFooter = {
    reason: `You get this e-mail because the download of ${PRODUCT_NAME} was requested with this address on ${brand.publicUrl.replace(/^https?:\/\//, '')}.`,
    unsubscribe: { url: input.unsubscribeUrl, label: MARKETING_UNSUBSCRIBE },
  };
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader={`Your download of ${PRODUCT_NAME} for Windows, under 10 MB.`} brand={brand} footer={footer}>
      <Paragraph>Hi {input.firstName},</Paragraph>
      {input.campaign ? (
        <>
          <Paragraph>Thanks for your interest in {input.campaign.name}!</Paragraph>
          {input.campaign.description && <Paragraph>{input.campaign.description}</Paragraph>}
          <Paragraph>Here is your download for Windows. The installer is under 10 MB and takes about a minute.</Paragraph>
        </>
      ) : (
        <Paragraph>Thanks for trying {PRODUCT_NAME}! Here is your download for Windows. The installer is under 10 MB and takes about a minute.</Paragraph>
      )}
      <CtaButton href={input.downloadUrl}>Download {PRODUCT_NAME} for Windows</CtaButton>
      <Paragraph>
        After installing, {PRODUCT_NAME} sits in your system tray. Click it (or choose New jot from its menu), type your idea and press
        Enter: it is saved to a text file on your computer, or to a Google Doc if you pick the Google Docs plugin.
      </Paragraph>
      {input.confirmUrl && (
        <>
          <Rule />
          <Paragraph>Would you like an occasional e-mail about new features? We only send them if you say yes.</Paragraph>
          <CtaButton href={input.confirmUrl}>Yes, send me product updates</CtaButton>
        </>
      )}
      <Note>Questions? The help page has answers, and a reply to this e-mail reaches a person: {brand.publicUrl}/help</Note>
      <Note>— {SIGNATURE}</Note>
    </EmailLayout>,
  );
}

export function subscribeConfirmationEmail(brand: MailBrand, input: { confirmUrl: string; unsubscribeUrl: string }) {
  const subject = `Confirm your subscription to ${PRODUCT_NAME} updates`;
  const footer: MailFooter = {
    reason: `You get this e-mail because this address was entered in the Stay Updated box on ${brand.publicUrl.replace(/^https?:\/\//, '')}. Without your click, we will not write again.`,
    unsubscribe: { url: input.unsubscribeUrl, label: 'Do not send me anything from this site' },
  };
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader="Please confirm that you want new articles by e-mail." brand={brand} footer={footer}>
      <Paragraph>Please confirm that you would like new {PRODUCT_NAME} articles and product news by e-mail.</Paragraph>
      <CtaButton href={input.confirmUrl}>Yes, subscribe me</CtaButton>
      <Note>If you did not ask for this, ignore this e-mail: you will not be subscribed.</Note>
      <Note>— {SIGNATURE}</Note>
    </EmailLayout>,
  );
}

// --- Invitations (suppressible under 'invitations'; decision 0023) --------------------------------------------

export interface InvitationEmailInput {
  senderName: string;
  senderEmail: string;
  recipientName: string;
  personalMessage?: string | undefined;
  unsubscribeUrl: string;
}

export function invitationEmail(brand: MailBrand, input: InvitationEmailInput) {
  const download = new URL('/', brand.publicUrl);
  download.search = new URLSearchParams({ utm_source: 'invitation', utm_medium: 'email' }).toString();
  download.hash = 'download';
  // No free text in the Subject (issue 24): a name there is how a relay's "subject line" gets written.
  const subject = `You are invited to try ${PRODUCT_NAME}`;
  const footer: MailFooter = {
    reason: `You get this e-mail because someone entered your address on ${brand.publicUrl.replace(/^https?:\/\//, '')}/share-it. We have not added you to any list.`,
    unsubscribe: { url: input.unsubscribeUrl, label: 'Do not send me invitations again' },
  };
  return renderMail(
    subject,
    <EmailLayout title={subject} preheader={`An invitation to ${PRODUCT_NAME}, a free app for capturing ideas in seconds.`} brand={brand} footer={footer}>
      <Paragraph>Hi {input.recipientName},</Paragraph>
      <Paragraph>
        Someone who gave the name {input.senderName} invited you to try {PRODUCT_NAME}, a free Windows app that saves an idea from your system
        tray in seconds: to a text file on your computer or straight into Google Docs.
      </Paragraph>
      <Note>
        We have not verified who sent this: the sender gave the address {input.senderEmail}, which we did not check. If you do not know them,
        you can ignore this e-mail.
      </Note>
      {input.personalMessage && (
        <>
          <Paragraph>Their message:</Paragraph>
          <Quote>{input.personalMessage}</Quote>
        </>
      )}
      <CtaButton href={download.toString()}>Get {PRODUCT_NAME} free</CtaButton>
      <Note>— {SIGNATURE}</Note>
    </EmailLayout>,
  );
}

// --- Notifications to the support staff (Reply-To the visitor: a person answers) ------------------------------

export interface FeedbackNotificationInput {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: Date;
  adminUrl: string;
}

export function feedbackNotificationEmail(brand: MailBrand, input: FeedbackNotificationInput) {
  const subject = headerLine(`[${PRODUCT_NAME} feedback] ${input.subject}`);
  return renderMail(
    subject,
    <EmailLayout
      title={subject}
      preheader={`Feedback #${input.id} from ${input.name}`}
      brand={brand}
      footer={{ reason: 'You get this e-mail because this address is the site’s support address (SUPPORT_EMAIL).' }}
    >
      <Paragraph>New feedback #{input.id} arrived.</Paragraph>
      <Details rows={[['From', `${input.name} <${input.email}>`], ['Received', formatWhen(input.receivedAt)], ['Subject', input.subject]]} />
      <Quote>{input.message}</Quote>
      <CtaButton href={input.adminUrl}>Open the inbox</CtaButton>
      <Note>Reply to this e-mail to answer {input.name}.</Note>
    </EmailLayout>,
  );
}

export interface ContactNotificationInput extends FeedbackNotificationInput {
  company?: string | undefined;
}

export function contactNotificationEmail(brand: MailBrand, input: ContactNotificationInput) {
  const subject = headerLine(`[${PRODUCT_NAME} contact] ${input.subject}`);
  const rows: Array<[string, string]> = [['From', `${input.name} <${input.email}>`]];
  if (input.company) rows.push(['Company', input.company]);
  rows.push(['Received', formatWhen(input.receivedAt)], ['Subject', input.subject]);
  return renderMail(
    subject,
    <EmailLayout
      title={subject}
      preheader={`Message #${input.id} from ${input.name}`}
      brand={brand}
      footer={{ reason: 'You get this e-mail because this address is the site’s support address (SUPPORT_EMAIL).' }}
    >
      <Paragraph>New message #{input.id} from the contact page.</Paragraph>
      <Details rows={rows} />
      <Quote>{input.message}</Quote>
      <CtaButton href={input.adminUrl}>Open the inbox</CtaButton>
      <Note>Reply to this e-mail to answer {input.name}.</Note>
    </EmailLayout>,
  );
}
