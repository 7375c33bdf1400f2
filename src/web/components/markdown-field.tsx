/**
 * A kit <Field> holding the Markdown editor: label, description and error like every field, the value kept by the
 * surrounding <Form> (react-hook-form), the editor loaded on first render. Posts, pages, campaign landings and FAQ
 * answers write Markdown through it.
 *
 *   <MarkdownField name="content" label="Content" />
 */
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { Field } from '~/components/form';
import { LazyMarkdownEditor } from '~/components/lazy-markdown-editor';

export function MarkdownField({
  name,
  label,
  description,
  required,
}: {
  name: string;
  label: string;
  description?: ReactNode;
  required?: boolean;
}) {
  const { field } = useController({ name });
  return (
    <Field name={name} label={label} description={description} required={required}>
      <LazyMarkdownEditor
        label={`${label} (Markdown)`}
        value={(field.value as string | null) ?? ''}
        onChange={field.onChange}
      />
    </Field>
  );
}
