import { useFormContext } from 'react-hook-form';
import { Field } from '~/components/form';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';

interface FieldProps {
  /** The form value it edits (the tab's form, through the kit's <Form>). */
  name: string;
  label: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
}

/** A one-line input of the tester on the kit's Field: label, hint and error tied together, no autocomplete. */
export function TesterInput({ name, label, hint, placeholder, required, type = 'text' }: FieldProps & { type?: 'text' | 'password' | 'number' }) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} description={hint} required={required} className="min-w-0">
      <Input type={type} {...register(name)} placeholder={placeholder} autoComplete="off" spellCheck={false} />
    </Field>
  );
}

/** A multi-line input of the tester; `mono` for payloads (no spell check, long Base64 wraps anywhere). */
export function TesterTextarea({ name, label, hint, placeholder, required, rows = 4, mono = false }: FieldProps & { rows?: number; mono?: boolean }) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} description={hint} required={required} className="min-w-0">
      <Textarea rows={rows} {...register(name)} placeholder={placeholder} spellCheck={!mono} className={mono ? 'font-mono text-xs break-all' : undefined} />
    </Field>
  );
}
