import { z } from 'zod';
import { emailField, optionalText, PLAIN_NAME_MAX, plainName, PublicFormExtrasSchema } from './leads.ts';
import { carriesLink, impersonates, isDecorative, mixesScripts } from './readable-text.ts';

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
export const SENDER_NAME_IMPERSONATION_ERROR =
  'Please enter your own name: the name of a company or a role (such as PayPal, Support or Security Team) cannot be used';
export const RECIPIENT_NAME_IMPERSONATION_ERROR =
  'Please enter their own name: the name of a company or a role (such as PayPal, Support or Security Team) cannot be used';
export const SENDER_NAME_LETTERS_ERROR = 'Please type your name in ordinary letters, one alphabet per word (no fullwidth or decorative letters)';
export const RECIPIENT_NAME_LETTERS_ERROR = 'Please type their name in ordinary letters, one alphabet per word (no fullwidth or decorative letters)';
export const PERSONAL_MESSAGE_LINK_ERROR = 'Links and e-mail addresses cannot be sent in the personal message';
export const PERSONAL_MESSAGE_LETTERS_ERROR =
  'The personal message mixes alphabets within a word (such as a Cyrillic letter in a Latin word): please retype it';

/**
 * A name echoed in the invitation (decisions 0023, 0042): a plain name that is not a link once read as shown, not
 * a brand or a role, and in ordinary letters.
 */
function invitationName(texts: { required: string; invalid: string; impersonation: string; letters: string }) {
  return plainName(texts.required, texts.invalid)
    .refine((name) => !carriesLink(name), texts.invalid)
    .refine((name) => !impersonates(name), texts.impersonation)
    .refine((name) => !isDecorative(name) && !mixesScripts(name), texts.letters);
}

/** The invitation form (spec §5, with its exact texts). */
export const InvitationFormSchema = z.object({
  senderName: invitationName({
    required: 'Your name is required',
    invalid: SENDER_NAME_ERROR,
    impersonation: SENDER_NAME_IMPERSONATION_ERROR,
    letters: SENDER_NAME_LETTERS_ERROR,
  }),
  senderEmail: emailField('Valid email is required'),
  recipientName: invitationName({
    required: 'Recipient name is required',
    invalid: RECIPIENT_NAME_ERROR,
    impersonation: RECIPIENT_NAME_IMPERSONATION_ERROR,
    letters: RECIPIENT_NAME_LETTERS_ERROR,
  }),
  recipientEmail: emailField('Valid recipient email is required'),
  // Plain text we quote, never a link as a reader would see one (decision 0042): refused rather than silently
  // dropped, so the sender learns why and we never send half a message.
  personalMessage: optionalText(PERSONAL_MESSAGE_MAX)
    .refine((value) => !value || !carriesLink(value), PERSONAL_MESSAGE_LINK_ERROR)
    .refine((value) => !value || !mixesScripts(value), PERSONAL_MESSAGE_LETTERS_ERROR),
});
export type InvitationFormInput = z.input<typeof InvitationFormSchema>;
export type InvitationForm = z.output<typeof InvitationFormSchema>;

/** `POST /api/send-invitation-email`. */
export const CreateInvitationSchema = InvitationFormSchema.extend(PublicFormExtrasSchema.shape);
export type CreateInvitation = z.infer<typeof CreateInvitationSchema>;
