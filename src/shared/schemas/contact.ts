import { z } from 'zod';
import { emailField, optionalText, PublicFormExtrasSchema, requiredText } from './leads.ts';

/** The contact form (spec §2 Contact, §5: name, email, subject and message required; company optional). */
export const ContactFormSchema = z.object({
  name: requiredText('Full name is required', 100),
  email: emailField('Valid email is required'),
  company: optionalText(200),
  subject: requiredText('Subject is required', 200),
  message: requiredText('Message is required', 5000),
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactForm = z.output<typeof ContactFormSchema>;

/** `POST /api/contact`. */
export const CreateContactMessageSchema = ContactFormSchema.extend(PublicFormExtrasSchema.shape);
export type CreateContactMessage = z.infer<typeof CreateContactMessageSchema>;
