/**
 * Every kind of e-mail with sample data (issue 24): what the admin's `/admin/emails` shows (light and dark), and
 * what the template tests send through a real SMTP server and score with SpamAssassin. One list, so a new kind
 * cannot be previewed without being tested, or the reverse.
 */
import type { MailEmailKind } from '../../../shared/schemas/mail-previews.ts';
import type { MailMessage } from '../../jobs/mail.ts';
import * as auth from './account-emails.ts';
import * as staffInvitations from './staff-invitation-emails.ts';
import * as staffChanges from './staff-change-emails.ts';
import * as review from './review-emails.ts';
import * as webhooks from './webhook-emails.ts';
import type { UnsubscribeLinks } from '../../services.ts';
import type { MailBrand } from './layout.tsx';
import * as templates from './templates.tsx';

export interface MailPreviewContext {
  brand: MailBrand;
  links: UnsubscribeLinks;
  downloadUrl: string;
  supportEmail: string;
}

export interface MailPreview {
  kind: MailEmailKind;
  /** What the operator reads in the list. */
  label: string;
  /** Who gets it and when. */
  description: string;
  build(to: string, context: MailPreviewContext): Promise<MailMessage>;
}

const SAMPLE_RECEIVED_AT = new Date(Date.UTC(2026, 10, 27, 8, 5));
const SAMPLE_TOKEN = 'sample-token-0123456789abcdef';

/** A marketing message with its unsubscribe pair (scope 'marketing'). */
const marketing = (to: string, links: UnsubscribeLinks, rendered: templates.RenderedMail, replyTo?: string): MailMessage => ({
  to,
  ...rendered,
  ...(replyTo ? { replyTo } : {}),
  unsubscribe: { scope: 'marketing', url: links.url(to, 'marketing') },
});

export const MAIL_PREVIEWS: readonly MailPreview[] = [
  {
    kind: 'confirm-email',
    label: 'Sign-up confirmation',
    description: 'Account mail: sent when someone creates an account.',
    build: (to, { brand }) => auth.confirmationEmail(to, brand, SAMPLE_TOKEN),
  },
  {
    kind: 'already-registered',
    label: 'Already registered',
    description: 'Account mail: sent when someone signs up with an address that already has an account.',
    build: (to, { brand }) => auth.alreadyRegisteredEmail(to, brand),
  },
  {
    kind: 'account-approved',
    label: 'Account approved',
    description: 'Account mail: sent when an administrator approves an account.',
    build: (to, { brand }) => auth.accountApprovedEmail(to, brand),
  },
  {
    kind: 'password-reset',
    label: 'Password reset',
    description: 'Account mail: sent when someone asks to reset a password.',
    build: (to, { brand }) => auth.passwordResetEmail(to, brand, SAMPLE_TOKEN),
  },
  {
    kind: 'staff-invitation',
    label: 'Staff invitation',
    description: 'Account mail: sent when an owner or admin invites someone to the back-office with a role.',
    build: (to, { brand }) =>
      staffInvitations.staffInvitationEmail(to, brand, { token: SAMPLE_TOKEN, role: 'editor', invitedBy: 'ada@example.com', expiresAt: SAMPLE_RECEIVED_AT }),
  },
  {
    kind: 'role-changed',
    label: 'Role changed',
    description: "Account mail: sent when an owner or admin changes someone's role.",
    build: (to, { brand }) => staffChanges.roleChangedEmail(to, brand, 'editor'),
  },
  {
    kind: 'staff-removed',
    label: 'Staff account removed',
    description: 'Account mail: sent when an owner or admin deletes the account of a staff member.',
    build: (to, { brand }) => staffChanges.staffRemovedEmail(to, brand),
  },
  {
    kind: 'security-notice',
    label: 'Security notice',
    description:
      'Account mail: sent when a second factor is added or removed, a recovery code is used, a passkey is added or removed, or the password is changed (here: a passkey added).',
    build: (to, { brand }) => auth.securityNoticeEmail(to, brand, { kind: 'passkey_added', name: 'Work laptop' }),
  },
  {
    kind: 'post-submitted',
    label: 'Post submitted for review',
    description: 'Account mail: sent to everyone who may publish when an author submits a draft for review.',
    build: (to, { brand }) => review.postSubmittedEmail(to, brand, { title: 'Passkeys, explained', author: 'ada@example.com' }),
  },
  {
    kind: 'post-returned',
    label: 'Post returned to its author',
    description: 'Account mail: sent to the author when an editor returns a submitted draft.',
    build: (to, { brand }) => review.postReturnedEmail(to, brand, { title: 'Passkeys, explained', by: 'grace@example.com' }),
  },
  {
    kind: 'webhook-endpoint-disabled',
    label: 'Webhook endpoint disabled',
    description: 'Account mail: sent to every owner when three days of failed deliveries disable a webhook endpoint.',
    build: (to, { brand }) => webhooks.webhookEndpointDisabledEmail(to, brand, { url: 'https://hooks.example.com/jotit' }),
  },
  {
    kind: 'new-sign-in',
    label: 'New sign-in',
    description: 'Account mail: sent when an account signs in from a device or country it had not signed in from before.',
    build: (to, { brand }) =>
      auth.securityNoticeEmail(to, brand, { kind: 'new_sign_in', device: 'Firefox on Windows', country: 'DE', at: SAMPLE_RECEIVED_AT }),
  },
  {
    kind: 'download',
    label: 'Download link (hero and call to action)',
    description: 'Sent when a visitor asks for the download; asks to confirm product updates (double opt-in).',
    build: async (to, { brand, links, downloadUrl, supportEmail }) =>
      marketing(
        to,
        links,
        await templates.downloadEmail(brand, { firstName: 'Ada', downloadUrl, unsubscribeUrl: links.url(to, 'marketing'), confirmUrl: links.confirmUrl(to) }),
        supportEmail,
      ),
  },
  {
    kind: 'download-campaign',
    label: 'Download link (campaign landing page)',
    description: "Sent from a campaign's landing page, with the campaign's own words.",
    build: async (to, { brand, links, downloadUrl, supportEmail }) =>
      marketing(
        to,
        links,
        await templates.downloadEmail(brand, {
          firstName: 'Grace',
          downloadUrl,
          unsubscribeUrl: links.url(to, 'marketing'),
          confirmUrl: links.confirmUrl(to),
          campaign: { name: 'Spring Students', description: 'Catch every idea from lectures and labs, straight into your notes.' },
        }),
        supportEmail,
      ),
  },
  {
    kind: 'subscribe-confirmation',
    label: 'Stay Updated confirmation',
    description: 'Sent when an address is entered in the Stay Updated box; nothing more until it is confirmed.',
    build: async (to, { brand, links }) =>
      marketing(to, links, await templates.subscribeConfirmationEmail(brand, { confirmUrl: links.confirmUrl(to), unsubscribeUrl: links.url(to, 'marketing') })),
  },
  {
    kind: 'invitation',
    label: 'Invitation',
    description: 'Sent when a visitor invites someone; the sender is shown as unverified.',
    build: async (to, { brand, links }) => ({
      to,
      ...(await templates.invitationEmail(brand, {
        senderName: 'Ada Lovelace',
        senderEmail: 'ada@example.com',
        recipientName: 'Charles',
        personalMessage: 'I use this to catch ideas before they vanish.\nThought you would like it!',
        unsubscribeUrl: links.url(to, 'invitations'),
      })),
      unsubscribe: { scope: 'invitations', url: links.url(to, 'invitations') },
    }),
  },
  {
    kind: 'feedback-notification',
    label: 'Feedback notification',
    description: 'Sent to SUPPORT_EMAIL for each feedback message; a reply goes to the visitor.',
    build: async (to, { brand }) => ({
      to,
      replyTo: 'grace@example.com',
      ...(await templates.feedbackNotificationEmail(brand, {
        id: 42,
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'The tray shortcut',
        message: 'The tray shortcut is the best part of my morning.\nCould it also open on a second monitor?',
        receivedAt: SAMPLE_RECEIVED_AT,
        adminUrl: `${brand.publicUrl}/admin/inbox`,
      })),
    }),
  },
  {
    kind: 'contact-notification',
    label: 'Contact notification',
    description: 'Sent to SUPPORT_EMAIL for each contact message; a reply goes to the visitor.',
    build: async (to, { brand }) => ({
      to,
      replyTo: 'alan@example.com',
      ...(await templates.contactNotificationEmail(brand, {
        id: 7,
        name: 'Alan Turing',
        email: 'alan@example.com',
        company: 'Bletchley Park',
        subject: 'Team licences',
        message: 'We would like JotIt for 40 people. Is there a team plan?',
        receivedAt: SAMPLE_RECEIVED_AT,
        adminUrl: `${brand.publicUrl}/admin/inbox`,
      })),
    }),
  },
];
