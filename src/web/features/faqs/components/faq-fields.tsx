import { useId, useState } from 'react';
import { CreateFaqSchema } from '../../../../shared/schemas/faqs';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';

export interface FaqValues {
  question: string;
  answer: string;
  display_order: string;
  is_published: boolean;
}

export type FaqErrors = Partial<Record<keyof FaqValues, string>>;

export const emptyFaq = (displayOrder = 0): FaqValues => ({ question: '', answer: '', display_order: String(displayOrder), is_published: true });

/** The form's state, checked with the shared schema (spec §5: 'Question is required', 'Answer is required'). */
export function useFaqForm(initial: FaqValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FaqErrors>({});
  return {
    values,
    errors,
    set<Key extends keyof FaqValues>(key: Key, value: FaqValues[Key]) {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
    reset(next: FaqValues) {
      setValues(next);
      setErrors({});
    },
    /** The parsed input, or null after showing the errors. */
    validate() {
      const parsed = CreateFaqSchema.safeParse(values);
      if (parsed.success) return parsed.data;
      const next: FaqErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FaqValues | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return null;
    },
  };
}

/** Question, Answer (Markdown), Display Order and Published: the Add FAQ form's fields and the Edit dialog's. */
export function FaqFields({ form }: { form: ReturnType<typeof useFaqForm> }) {
  const id = useId();
  const { values, errors, set } = form;
  const invalid = (key: keyof FaqValues) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});
  const error = (key: keyof FaqValues) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-question`}>Question</Label>
        <Input id={`${id}-question`} value={values.question} onChange={(event) => set('question', event.target.value)} {...invalid('question')} />
        {error('question')}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-answer`}>Answer</Label>
        <Textarea
          id={`${id}-answer`}
          rows={5}
          value={values.answer}
          onChange={(event) => set('answer', event.target.value)}
          aria-describedby={errors.answer ? `${id}-answer-error` : `${id}-answer-hint`}
          aria-invalid={errors.answer ? true : undefined}
        />
        {error('answer') ?? (
          <p id={`${id}-answer-hint`} className="text-sm text-muted-foreground">
            Markdown: **bold**, *italic*, [links](https://…), lists. Shown on the Help page.
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-6">
        <div className="flex w-36 flex-col gap-2">
          <Label htmlFor={`${id}-order`}>Display Order</Label>
          <Input id={`${id}-order`} type="number" inputMode="numeric" value={values.display_order} onChange={(event) => set('display_order', event.target.value)} />
        </div>
        <div className="flex h-9 items-center gap-3">
          <Switch id={`${id}-published`} checked={values.is_published} onCheckedChange={(checked) => set('is_published', checked)} />
          <Label htmlFor={`${id}-published`}>Published</Label>
        </div>
      </div>
    </>
  );
}
