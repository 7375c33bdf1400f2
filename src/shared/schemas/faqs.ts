import { z } from 'zod';
import { DisplayOrderSchema } from './banners.ts';
import { safeString } from './text.ts';
import { writeBody } from './wire.ts';

/**
 * FAQs (spec §3 FAQ, §5: question and answer required). Read and written under the entity's names (camelCase:
 * displayOrder, isPublished), the spec's form fields display_order and is_published accepted as aliases (decision 0027).
 */
const faqFields = {
  question: safeString('Question', { error: 'Question is required' })
    .trim()
    .min(1, 'Question is required')
    .max(500, 'Question must be at most 500 characters'),
  answer: safeString('Answer', { error: 'Answer is required' })
    .trim()
    .min(1, 'Answer is required')
    .max(10_000, 'Answer must be at most 10000 characters'),
  display_order: DisplayOrderSchema,
  is_published: z.boolean({ error: 'Published must be true or false' }),
};

/** `POST /api/faqs`: a new FAQ is published unless told otherwise (spec §4), order 0 by default. */
export const CreateFaqSchema = writeBody({
  ...faqFields,
  // Optional for the document too (a preprocess alone reads as required); the column's default is 0.
  display_order: DisplayOrderSchema.optional(),
  is_published: faqFields.is_published.default(true),
});
export type CreateFaq = z.input<typeof CreateFaqSchema>;

/** `PATCH /api/faqs/{id}`. */
export const UpdateFaqSchema = writeBody({
  question: faqFields.question.optional(),
  answer: faqFields.answer.optional(),
  display_order: DisplayOrderSchema.optional(),
  is_published: faqFields.is_published.optional(),
});
export type UpdateFaq = z.input<typeof UpdateFaqSchema>;

export const FaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
  /** The answer rendered to sanitised HTML: in the published list (`?published=true`) only. */
  answerHtml: z.string().optional(),
  displayOrder: z.number().int(),
  isPublished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Faq = z.infer<typeof FaqSchema>;

/** The public projection (`GET /api/faqs?published=true`, and the /help loader). */
export const PublicFaqSchema = FaqSchema.pick({ id: true, question: true, answer: true }).extend({ answerHtml: z.string() });
export type PublicFaq = z.infer<typeof PublicFaqSchema>;

/** `POST /api/faqs/reorder`: every FAQ id once, in the new order; display orders become 0, 1, 2 … */
export const ReorderFaqsSchema = z.object({
  ids: z
    .array(z.number({ error: 'Each id must be a number' }).int('Each id must be a whole number').positive('Each id must be positive'), {
      error: 'ids must be a list of FAQ ids',
    })
    .min(1, 'ids must name at least one FAQ')
    .max(1000, 'ids must name at most 1000 FAQs')
    .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat an id'),
});
export type ReorderFaqs = z.input<typeof ReorderFaqsSchema>;

export const FaqListQuerySchema = z.object({
  published: z.enum(['true', 'false']).optional(),
});
