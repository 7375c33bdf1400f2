/**
 * The admin kit's form (issue 26 §2, CONTRIBUTING.md "an admin form is react-hook-form + the shared zod schema + one
 * Field"): <Form> submits through react-hook-form and puts the server's `details: [{ field, message }]` under
 * their fields; <Field> is the label (with the required marker), the control, its description and its error, tied
 * together for screen readers.
 *
 *   const form = useForm({ resolver: zodResolver(CreateUserSchema), defaultValues });
 *   <Form form={form} onSubmit={(values) => createUser.mutateAsync(values)} onError={(error) => toast.error(…)}>
 *     <Field name="email" label="Email" required><Input type="email" {...form.register('email')} /></Field>
 *   </Form>
 */
import { Slot } from 'radix-ui';
import { type ReactElement, type ReactNode, useId } from 'react';
import {
  type FieldValues,
  FormProvider,
  get,
  type Path,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { Label } from '~/components/ui/label';
import { applyServerFieldErrors } from '~/lib/form-errors';
import { cn } from '~/lib/utils';

/** The names of the form's fields, for mapping the server's details (nested paths included). */
function fieldNames(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null) return prefix ? [prefix] : [];
  const entries = Object.entries(values as Record<string, unknown>);
  const names = entries.flatMap(([key, value]) => fieldNames(value, prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix, ...names] : names;
}

export function Form<Values extends FieldValues, Output = Values>({
  form,
  onSubmit,
  onError,
  className,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  /** The call; a refusal with field details shows under the fields, anything else goes to `onError`. */
  onSubmit(values: Output): Promise<unknown> | void;
  onError?(error: unknown): void;
  className?: string;
  children: ReactNode;
}) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const names = fieldNames(form.getValues());
      const setError = (
        name: string,
        fieldError: { type: 'server'; message: string },
        options?: { shouldFocus?: boolean },
      ) => form.setError(name as Path<Values>, fieldError, { shouldFocus: options?.shouldFocus ?? false });
      if (!applyServerFieldErrors(error, names, setError)) onError?.(error);
    }
  });
  return (
    <FormProvider {...form}>
      {/* Our messages (spec §5), not the browser's. */}
      <form
        method="post"
        noValidate
        onSubmit={(event) => void submit(event)}
        className={cn('flex flex-col gap-5', className)}
      >
        {children}
      </form>
    </FormProvider>
  );
}

export function Field({
  name,
  label,
  description,
  required = false,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  className?: string;
  /** One control (Input, Textarea, a Select trigger…); it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
}) {
  const id = useId();
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: string } | undefined;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [description ? descriptionId : null, error?.message ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)} data-slot="field">
      <Label htmlFor={id}>
        {label}
        {required && (
          <>
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
            <span className="sr-only"> (required)</span>
          </>
        )}
      </Label>
      <Slot.Root
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      >
        {children}
      </Slot.Root>
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}
