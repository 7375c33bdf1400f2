import { useId } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
}

function useFieldIds(error: string | undefined, hint: string | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function FieldText({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled one-line input of the tester, its error and hint tied to it for screen readers. */
export function TesterInput({ label, value, onChange, error, hint, placeholder, type = 'text' }: FieldProps & { type?: 'text' | 'password' | 'number' }) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldText id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled multi-line input of the tester. */
export function TesterTextarea({ label, value, onChange, error, hint, placeholder, rows = 4, mono = false }: FieldProps & { rows?: number; mono?: boolean }) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        spellCheck={!mono}
        className={mono ? 'font-mono text-xs break-all' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldText id={id} error={error} hint={hint} />
    </div>
  );
}
