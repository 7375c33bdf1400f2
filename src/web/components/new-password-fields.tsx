/**
 * A new password and its confirmation (`password`, `confirmPassword`, as the shared schemas name them) inside a form
 * of the kit (Form or FormProvider): accepting an invitation, resetting and changing a password. With `username`, a
 * hidden field tells password managers whose password it is, so they file the new one under the address.
 */
import type { FormEvent, ReactNode } from 'react';
import { FormProvider, useFormContext, type UseFormReturn } from 'react-hook-form';
import { Field } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';

type NewPasswordValues = { password: string; confirmPassword: string };

export function NewPasswordFields({
  labels,
  username,
}: {
  /** The two fields' labels ('New password', 'Confirm new password'). */
  labels: readonly [password: string, confirmation: string];
  username?: string;
}) {
  const { register } = useFormContext<NewPasswordValues>();
  return (
    <>
      {username !== undefined && (
        <input type="email" name="username" autoComplete="username" value={username} readOnly hidden />
      )}
      <Field name="password" label={labels[0]} description="At least 6 characters.">
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field name="confirmPassword" label={labels[1]}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
    </>
  );
}

/**
 * A page whose form sets a new password (accepting an invitation, a reset link): posted as a form and checked by the
 * shared schema, not the browser; what the page shows first, the two fields, then the button, which says
 * "Please wait..." while it sends.
 */
export function NewPasswordForm<Values extends NewPasswordValues>({
  form,
  onSubmit,
  label,
  labels,
  username,
  submitLabel,
  before,
  children,
}: {
  form: UseFormReturn<Values>;
  onSubmit(event: FormEvent<HTMLFormElement>): unknown;
  /** The form's accessible name. */
  label: string;
  labels: readonly [password: string, confirmation: string];
  username?: string;
  submitLabel: string;
  /** What stands above the fields (the invited address). */
  before?: ReactNode;
  /** What follows the button (a way back). */
  children?: ReactNode;
}) {
  const { isSubmitting } = form.formState;
  return (
    <FormProvider {...form}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-5">
        {before}
        <NewPasswordFields labels={labels} username={username} />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : submitLabel}
        </Button>
        {children}
      </form>
    </FormProvider>
  );
}
