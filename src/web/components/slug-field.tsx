import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '~/components/form';
import { Input } from '~/components/ui/input';

/**
 * A document's slug inside a kit form: left blank, the server makes it from the document's title or name; the
 * description says the address the document will live at as it is typed.
 */
export function SlugField({ madeFrom, livesAt }: { madeFrom: 'title' | 'name'; /** "The page lives at /p/" */ livesAt: string }) {
  const { control, register } = useFormContext<{ slug: string }>();
  const slug = useWatch({ control, name: 'slug' });
  return (
    <Field
      name="slug"
      className="wrap-anywhere"
      label="Slug"
      description={`Blank: made from the ${madeFrom}. ${livesAt}${slug.trim() || '…'}`}
    >
      <Input autoComplete="off" spellCheck={false} {...register('slug')} />
    </Field>
  );
}
