import { type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';

interface FieldProps {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: Pick<FieldError, 'message'>;
  /** Shown after the label, e.g. "(optional)". */
  labelHint?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  /**
   * What the field shows in the server HTML (a form posted without JavaScript comes back filled in). The field
   * stays uncontrolled: react-hook-form keeps what is typed before hydration when it differs from this.
   */
  defaultValue?: string;
  className?: string;
}

/** A labelled control with its error under it, tied together for screen readers (aria-describedby + aria-invalid). */
function FieldFrame({
  label,
  labelHint,
  error,
  className,
  children,
}: Pick<FieldProps, 'label' | 'labelHint' | 'error' | 'className'> & { children: (ids: { id: string; errorId: string }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ?? 'flex flex-col gap-2'}>
      <Label htmlFor={id}>
        {label}
        {labelHint && <span className="font-normal text-muted-foreground">{labelHint}</span>}
      </Label>
      {children({ id, errorId })}
      {error?.message && (
        <p id={errorId} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** A text input field; forms validate with `noValidate`, so the messages are the spec's (§5), not the browser's. */
export function FormField({ type = 'text', ...props }: FieldProps & { type?: 'text' | 'email' }) {
  return (
    <FieldFrame {...props}>
      {({ id, errorId }) => (
        <Input
          id={id}
          type={type}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
          defaultValue={props.defaultValue}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          {...props.registration}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({ rows = 6, ...props }: FieldProps & { rows?: number }) {
  return (
    <FieldFrame {...props}>
      {({ id, errorId }) => (
        <Textarea
          id={id}
          rows={rows}
          placeholder={props.placeholder}
          defaultValue={props.defaultValue}
          // field-sizing-content would ignore `rows`; the spec asks for a 6-row message box.
          className="field-sizing-fixed resize-y"
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          {...props.registration}
        />
      )}
    </FieldFrame>
  );
}
