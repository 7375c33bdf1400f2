import { type ReactNode, useId } from 'react';
import { Label } from '~/components/ui/label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its hint and its error (spec §5 texts) under it, tied together for screen readers. The
 * control comes from `children(props)`, so inputs, textareas and selects share the one layout.
 */
export function FormField({
  label,
  error,
  hint,
  aside,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown at the right of the label (a character count). */
  aside?: ReactNode;
  children(props: FieldControlProps): ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
