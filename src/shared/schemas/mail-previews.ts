import { z } from 'zod';

/** Every kind of e-mail the product sends (issue 24), as `/admin/emails` lists them. */
export const MAIL_EMAIL_KINDS = [
  'confirm-email',
  'already-registered',
  'account-approved',
  'password-reset',
  'staff-invitation',
  'role-changed',
  'staff-removed',
  'security-notice',
  'post-submitted',
  'post-returned',
  'webhook-endpoint-disabled',
  'new-sign-in',
  'download',
  'download-campaign',
  'subscribe-confirmation',
  'invitation',
  'feedback-notification',
  'contact-notification',
] as const;
export type MailEmailKind = (typeof MAIL_EMAIL_KINDS)[number];

/** One rendered sample: what a recipient gets (the HTML is shown in a sandboxed frame). */
export const MailPreviewSchema = z.object({
  kind: z.enum(MAIL_EMAIL_KINDS),
  label: z.string(),
  description: z.string(),
  subject: z.string(),
  /** Where replies go, or null (then to From). */
  replyTo: z.string().nullable(),
  /** Whether the mail carries List-Unsubscribe (marketing mail and invitations; never account mail). */
  hasUnsubscribe: z.boolean(),
  html: z.string(),
  /** The same HTML in the dark palette, as a client in dark mode shows it. */
  darkHtml: z.string(),
  text: z.string(),
});
export type MailPreview = z.infer<typeof MailPreviewSchema>;

/** `GET /api/admin/emails`. */
export const MailPreviewListSchema = z.object({ items: z.array(MailPreviewSchema) });
export type MailPreviewList = z.infer<typeof MailPreviewListSchema>;
