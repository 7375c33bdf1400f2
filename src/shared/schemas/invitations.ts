import { z } from 'zod';
import { EMAIL_IN_TEXT_PATTERN, emailField, LINK_PATTERN, optionalText, PLAIN_NAME_MAX, plainName, PublicFormExtrasSchema } from './leads.ts';

/**
 * Spam guards (issue 24, decision 0023): one address receives at most INVITATION_RECIPIENT_LIMIT invitation in
 * INVITATION_RECIPIENT_WINDOW_HOURS, one IP sends at most INVITATION_IP_LIMIT a day, and the whole site at most
 * INVITATION_HOURLY_CAP an hour (configurable; shown on the admin dashboard).
 */
export const INVITATION_RECIPIENT_LIMIT = 1;
export const INVITATION_RECIPIENT_WINDOW_HOURS = 7 * 24;
export const INVITATION_RECIPIENT_LIMIT_ERROR =
  'This person has already been invited this week. Please try again next week.';
export const INVITATION_IP_LIMIT = 10;
export const INVITATION_IP_WINDOW_HOURS = 24;
export const INVITATION_IP_LIMIT_ERROR = 'You have sent the most invitations allowed in a day. Please try again tomorrow.';
export const INVITATION_GLOBAL_LIMIT_ERROR = 'We are sending too many invitations right now. Please try again in an hour.';

export const PERSONAL_MESSAGE_MAX = 500;
export const SENDER_NAME_ERROR = `Please enter just your name: letters and spaces, up to ${PLAIN_NAME_MAX} characters, no links, e-mail addresses or numbers`;
export const RECIPIENT_NAME_ERROR = `Please enter just their name: letters and spaces, up to ${PLAIN_NAME_MAX} characters, no links, e-mail addresses or numbers`;
export const PERSONAL_MESSAGE_LINK_ERROR = 'Links and e-mail addresses cannot be sent in the personal message';

/** The invitation form (spec §5, with its exact texts). */
export const InvitationFormSchema = z.object({
  senderName: plainName('Your name is required', SENDER_NAME_ERROR),
  senderEmail: emailField('Valid email is required'),
  recipientName: plainName('Recipient name is required', RECIPIENT_NAME_ERROR),
  recipientEmail: emailField('Valid recipient email is required'),
  // Plain text we quote, never a link: a URL or an address in it is refused rather than silently dropped.
  personalMessage: optionalText(PERSONAL_MESSAGE_MAX).refine(
    (value) => !value || (!LINK_PATTERN.test(value) && !EMAIL_IN_TEXT_PATTERN.test(value)),
    PERSONAL_MESSAGE_LINK_ERROR,
  ),
});
export type InvitationFormInput = z.input<typeof InvitationFormSchema>;
export type InvitationForm = z.output<typeof InvitationFormSchema>;

/** `POST /api/send-invitation-email`. */
export const CreateInvitationSchema = InvitationFormSchema.extend(PublicFormExtrasSchema.shape);
export type CreateInvitation = z.infer<typeof CreateInvitationSchema>;
