/**
 * A new password and its confirmation (`password`, `confirmPassword`, as the shared schemas name them) inside a form
 * of the kit (Form or FormProvider): accepting an invitation, resetting and changing a password. With `username`, a
 * hidden field tells password managers whose password it is, so they file the new one under the address.
 */
import type { LucideIcon } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, type UseFormReturn, useFormContext } from 'react-hook-form';
import { Field } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Input } from '~/components/ui/input';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

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
 * The page that sets a password from an e-mailed link (resetting it, accepting an invitation): the icon and the h1,
 * then the form named `formLabel` with what comes first (`children`), the two fields, the full-width submit button
 * and what comes after it (`footer`).
 */
export function NewPasswordCard<Values extends NewPasswordValues>({
  icon: Icon,
  title,
  description,
  form,
  formLabel,
  onSubmit,
  labels,
  username,
  submitLabel,
  children,
  footer,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  form: UseFormReturn<Values>;
  formLabel: string;
  /** The form's handleSubmit, which answers its own errors. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  labels: readonly [password: string, confirmation: string];
  username?: string;
  submitLabel: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { isSubmitting } = form.formState;
  return (
    <Card>
      <CardHeader>
        <Icon aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form method="post" onSubmit={onSubmit} noValidate aria-label={formLabel} className="flex flex-col gap-5">
            {children}
            <NewPasswordFields labels={labels} username={username} />
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Please wait...' : submitLabel}
            </Button>
            {footer}
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
