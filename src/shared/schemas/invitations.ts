import { z } from 'zod';
import { emailField, optionalText, PublicFormExtrasSchema, requiredText } from './leads.ts';

/** Spam guard: at most this many invitations reach one address in INVITATION_RECIPIENT_WINDOW_HOURS. */
export const INVITATION_RECIPIENT_LIMIT = 3;
export const INVITATION_RECIPIENT_WINDOW_HOURS = 24;
export const INVITATION_RECIPIENT_LIMIT_ERROR =
  'This person has already received several invitations today. Please try again tomorrow.';

/** The invitation form (spec §5, with its exact texts). */
export const InvitationFormSchema = z.object({
  senderName: requiredText('Your name is required', 100),
  senderEmail: emailField('Valid email is required'),
  recipientName: requiredText('Recipient name is required', 100),
  recipientEmail: emailField('Valid recipient email is required'),
  personalMessage: optionalText(1000),
});
export type InvitationFormInput = z.input<typeof InvitationFormSchema>;
export type InvitationForm = z.output<typeof InvitationFormSchema>;

/** `POST /api/send-invitation-email`. */
export const CreateInvitationSchema = InvitationFormSchema.extend(PublicFormExtrasSchema.shape);
export type CreateInvitation = z.infer<typeof CreateInvitationSchema>;
