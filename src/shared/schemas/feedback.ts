import { z } from 'zod';
import { FEEDBACK_MESSAGE_MIN_LENGTH } from '../constants.ts';
import { emailField, PublicFormExtrasSchema, requiredText } from './leads.ts';
import { safeString } from './text.ts';

/** The feedback form (spec §5, with its exact texts). */
export const FeedbackFormSchema = z.object({
  name: requiredText('Name is required', 100),
  email: emailField('Valid email is required'),
  subject: requiredText('Subject is required', 200),
  message: safeString('Message', { error: 'Message must be at least 10 characters long' })
    .trim()
    .min(FEEDBACK_MESSAGE_MIN_LENGTH, 'Message must be at least 10 characters long')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type FeedbackForm = z.infer<typeof FeedbackFormSchema>;

/** `POST /api/feedback`. */
export const CreateFeedbackSchema = FeedbackFormSchema.extend(PublicFormExtrasSchema.shape);
export type CreateFeedback = z.infer<typeof CreateFeedbackSchema>;
