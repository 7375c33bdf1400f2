/**
 * The admin kit's form (issue 26 §2, CONTRIBUTING.md "an admin form is react-hook-form + the shared zod schema + one
 * Field"): <Form> submits through react-hook-form and puts the server's `details: [{ field, message }]` under
 * their fields; <Field> is the label (with the required marker), the control, its description and its error, tied
 * together for screen readers.
 *
 *   const form = useSchemaForm(CreateUserSchema, defaultValues);   // or useForm with a resolver of its own
 *   <Form form={form} onSubmit={(values) => createUser.mutateAsync(values)} onError={(error) => toast.error(…)}>
 *     <InputField name="email" label="Email" required type="email" />   // <Field> around an <Input>, the name once
 *     <Field name="role" label="Role"><FieldSelect name="role" options={[{ value: 'admin', label: 'Admin' }]} /></Field>
 *   </Form>
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Slot } from 'radix-ui';
import { type ComponentProps, type ReactElement, type ReactNode, useId } from 'react';
import {
  Controller,
  type DefaultValues,
  type FieldValues,
  FormProvider,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import { applyServerFieldErrors } from '~/lib/form-errors';
import { cn } from '~/lib/utils';

/**
 * The shared schema as the form's resolver, for a form whose values are one of the shapes the schema reads (the
 * controls' strings where it also takes numbers, the snake_case names of a body that takes camelCase too).
 * `Values` must be an input of the schema, so the check stays typed; zodResolver alone wants the whole input type.
 */
export function schemaResolver<Values extends FieldValues, Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema & (Values extends z.input<Schema> ? unknown : never),
): Resolver<Values, unknown, z.output<Schema>> {
  return zodResolver(schema as z.ZodType<unknown, FieldValues>) as unknown as Resolver<Values, unknown, z.output<Schema>>;
}

/** A form over the shared schema (`schemaResolver`), starting from `defaultValues` — every field given. */
export function useSchemaForm<Values extends FieldValues, Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema & (Values extends z.input<Schema> ? unknown : never),
  defaultValues: Values,
) {
  return useForm<Values, unknown, z.output<Schema>>({
    resolver: schemaResolver<Values, Schema>(schema),
    defaultValues: defaultValues as DefaultValues<Values>,
  });
}

/** The names of the form's fields, for mapping the server's details (nested paths included). */
function fieldNames(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null) return prefix ? [prefix] : [];
  const entries = Object.entries(values as Record<string, unknown>);
  const names = entries.flatMap(([key, value]) => fieldNames(value, prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix, ...names] : names;
}

/** The first message of react-hook-form's errors, in the order of the fields (nested ones included). */
export function firstErrorMessage(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}

export function Form<Values extends FieldValues, Output = Values>({
  form,
  onSubmit,
  onError,
  onInvalid,
  className,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  /**
   * The call; a refusal with field details shows under the fields, anything else goes to `onError`. `submitter` is
   * the button that sent the form, for a form with two actions (its `value` names the action).
   */
  onSubmit(values: Output, submitter: HTMLButtonElement | null): Promise<unknown> | void;
  onError?(error: unknown): void;
  /** The schema refused the values (they stay under their fields): the first message, for a screen that also toasts. */
  onInvalid?(message: string): void;
  className?: string;
  children: ReactNode;
}) {
  const submit = form.handleSubmit(async (values, event) => {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    try {
      await onSubmit(values, submitter instanceof HTMLButtonElement ? submitter : null);
    } catch (error) {
      const names = fieldNames(form.getValues());
      const setError = (
        name: string,
        fieldError: { type: 'server'; message: string },
        options?: { shouldFocus?: boolean },
      ) => form.setError(name as Path<Values>, fieldError, { shouldFocus: options?.shouldFocus ?? false });
      if (!applyServerFieldErrors(error, names, setError)) onError?.(error);
    }
  }, (errors) => {
    const message = firstErrorMessage(errors);
    if (message) onInvalid?.(message);
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

/**
 * Fields side by side from 640 px, one under the other below it: `halves` (two equal columns), `thirds` (three
 * short choices), `wide-narrow` (a name beside its type), `narrow-wide` (an order or a rating beside a longer
 * field). One layout for every admin form.
 */
export const FIELD_GRID_COLUMNS = {
  halves: 'sm:grid-cols-2',
  thirds: 'sm:grid-cols-3',
  'wide-narrow': 'sm:grid-cols-[1fr_10rem]',
  'narrow-wide': 'sm:grid-cols-[10rem_1fr]',
} as const;

export function FieldGrid({
  columns = 'halves',
  className,
  children,
}: {
  columns?: keyof typeof FIELD_GRID_COLUMNS;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid items-start gap-4', FIELD_GRID_COLUMNS[columns], className)} data-slot="field-grid">
      {children}
    </div>
  );
}

/** Radix refuses an item with the value "": a form's "none" choice ('' in the form) goes by this value instead. */
const NO_VALUE = '__none__';

/**
 * The kit's Select bound to a form field by name, for use inside <Field> (the Field's id and aria attributes land
 * on the trigger). Values are strings; an option with the value '' is the field's "none".
 */
export function FieldSelect({
  name,
  options,
  placeholder,
  onValueChange,
  className,
  ...triggerProps
}: {
  name: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  /** Called before the field changes (the form still holds the old value), for a form that derives another field. */
  onValueChange?(value: string): void;
  className?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          value={field.value === '' || field.value === null || field.value === undefined ? NO_VALUE : String(field.value)}
          onValueChange={(value) => {
            const next = value === NO_VALUE ? '' : value;
            onValueChange?.(next);
            field.onChange(next);
          }}
        >
          <SelectTrigger ref={field.ref} onBlur={field.onBlur} className={cn('w-full', className)} {...triggerProps}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value === '' ? NO_VALUE : option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/** A one-line input bound to a form field by name, inside its <Field>; the other props go to the input. */
export function InputField({
  name,
  label,
  description,
  required,
  ...input
}: { name: string; label: ReactNode; description?: ReactNode; required?: boolean } & Omit<ComponentProps<'input'>, 'name' | 'required'>) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} description={description} required={required}>
      <Input {...input} {...register(name)} />
    </Field>
  );
}

/** A few lines of plain text bound to a form field by name, inside its <Field>. */
export function TextareaField({ rows, ...field }: { name: string; label: ReactNode; rows: number; description?: ReactNode; required?: boolean }) {
  const { register } = useFormContext();
  return (
    <Field {...field}>
      <Textarea rows={rows} {...register(field.name)} />
    </Field>
  );
}

/** A yes/no field: the label and its description on the left, the switch on the right (a boolean form field). */
export function SwitchField({ name, label, description, className }: { name: string; label: ReactNode; description?: ReactNode; className?: string }) {
  const id = useId();
  const { control } = useFormContext();
  const descriptionId = `${id}-description`;
  return (
    <div className={cn('flex items-center justify-between gap-4', className)} data-slot="field">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={description ? descriptionId : undefined}
          />
        )}
      />
    </div>
  );
}
