/**
 * A new password and its confirmation (`password`, `confirmPassword`, as the shared schemas name them) inside a form
 * of the kit (Form or FormProvider): accepting an invitation, resetting and changing a password. With `username`, a
 * hidden field tells password managers whose password it is, so they file the new one under the address.
 */
import { useFormContext } from 'react-hook-form';
import { Field } from '~/components/form';
import { Input } from '~/components/ui/input';

export function NewPasswordFields({
  labels,
  username,
}: {
  /** The two fields' labels ('New password', 'Confirm new password'). */
  labels: readonly [password: string, confirmation: string];
  username?: string;
}) {
  const { register } = useFormContext<{ password: string; confirmPassword: string }>();
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
