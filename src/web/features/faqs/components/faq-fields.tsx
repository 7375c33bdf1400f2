import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFaqSchema, type Faq } from '../../../../shared/schemas/faqs';
import { Field, SwitchField } from '~/components/form';
import { MarkdownField } from '~/components/markdown-field';
import { Input } from '~/components/ui/input';

export interface FaqFormValues {
  question: string;
  answer: string;
  display_order: string;
  is_published: boolean;
}
export type FaqFormOutput = z.output<typeof CreateFaqSchema>;

/** A new question: published (spec §4), placed at `displayOrder`. */
export const emptyFaq = (displayOrder = 0): FaqFormValues => ({
  question: '',
  answer: '',
  display_order: String(displayOrder),
  is_published: true,
});

export const faqToForm = (faq: Faq): FaqFormValues => ({
  question: faq.question,
  answer: faq.answer,
  display_order: String(faq.displayOrder),
  is_published: faq.isPublished,
});

/** The Add FAQ form and the Edit dialog: react-hook-form checked with the shared schema (spec §5: 'Question is required', 'Answer is required'). */
export function useFaqForm(defaultValues: FaqFormValues) {
  return useForm<FaqFormValues, unknown, FaqFormOutput>({
    resolver: zodResolver(CreateFaqSchema) as unknown as Resolver<FaqFormValues, unknown, FaqFormOutput>,
    defaultValues,
  });
}

/** Question, Answer (Markdown, with the Help page's own rendering in Preview), Display Order and Published. */
export function FaqFields({ register }: { register: ReturnType<typeof useFaqForm>['register'] }) {
  return (
    <>
      <Field name="question" label="Question" required>
        <Input placeholder="e.g. Where are my jots saved?" {...register('question')} />
      </Field>
      <MarkdownField
        name="answer"
        label="Answer"
        required
        description="Shown on the Help page when the question is opened."
      />
      <div className="grid items-end gap-5 sm:grid-cols-[10rem_1fr]">
        <Field name="display_order" label="Display Order" description="Lower comes first.">
          <Input type="number" inputMode="numeric" {...register('display_order')} />
        </Field>
        <SwitchField
          className="rounded-lg border p-4"
          name="is_published"
          label="Published"
          description="Shown on the Help page."
        />
      </div>
    </>
  );
}
