import type { ComponentProps } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';

export interface PlainFieldProps extends Omit<ComponentProps<typeof Input>, 'id' | 'name' | 'onChange'> {
  /** The input's id; its error's is `<id>-error`. */
  id: string;
  name: string;
  label: string;
  /** The label for screen readers only (a one-field form whose title says what it asks). */
  isLabelHidden?: boolean;
  error: string | undefined;
  /** Typing clears the field's error. */
  onEdit(): void;
  className?: string;
}

/**
 * A field of the subscribe forms (the download lead form, the Pro waitlist, Stay Updated) as it works before
 * hydration: a plain uncontrolled input that the submit reads from the form (use-subscribe-form.tsx), its label,
 * and its error under it, tied together for screen readers (aria-describedby + aria-invalid).
 */
export function PlainField({ id, name, label, isLabelHidden = false, error, onEdit, className, ...input }: PlainFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col', className ?? 'gap-2')}>
      <Label htmlFor={id} className={isLabelHidden ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Input
        {...input}
        id={id}
        name={name}
        onChange={onEdit}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-11"
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
