/**
 * The Security page's password (issue 36 item 6): the current password, a new one twice. A change signs every other
 * device out; this one goes on with the token the answer brings (the old one stopped working with the old password).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordForm, ChangePasswordFormSchema } from '../../../../shared/schemas/accounts';
import { useChangePassword } from '../api/change-password';
import { Form, InputField } from '~/components/form';
import { NewPasswordFields } from '~/components/new-password-fields';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { serverMessageOr } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';
import { toast } from '~/lib/toast';

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/** `onChanged`: other sessions ended, so whoever lists them reads them again. */
export function PasswordCard({ onChanged }: { onChanged?: () => void }) {
  const auth = useAuth();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const { isSubmitting } = form.formState;

  async function submit({ currentPassword, password }: ChangePasswordForm) {
    const result = await changePassword.mutateAsync({ currentPassword, password });
    if (auth.user) auth.signIn(result.token, auth.user);
    form.reset(EMPTY);
    toast.success('Password changed', { description: result.message });
    onChanged?.();
  }

  return (
    <Card role="region" aria-labelledby="password-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="password-heading" className="text-lg font-semibold">
            Password
          </h2>
        </CardTitle>
        <CardDescription>
          Changing your password signs out every other device signed in to your account. This one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={submit}
          onError={(error) => toast.error('Error', { description: serverMessageOr(error, 'Could not change your password') })}
          className="max-w-sm"
        >
          <InputField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
          <NewPasswordFields labels={['New password', 'Confirm new password']} username={auth.user?.email ?? ''} />
          <Button type="submit" className="self-start" isPending={isSubmitting}>
            {isSubmitting ? 'Please wait...' : 'Change password'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
