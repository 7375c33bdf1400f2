import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, XCircleIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '~/lib/toast';
import {
  INVALID_RESET_LINK_MESSAGE,
  type ResetPasswordForm,
  ResetPasswordFormSchema,
} from '../../shared/schemas/accounts';
import { Button } from '~/components/ui/button';
import { MessageCard } from '~/components/message-card';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { NewPasswordForm } from '~/components/new-password-fields';
import { useResetPassword } from '~/features/accounts';
import { serverErrorText } from '~/lib/api-client';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Reset Password - JotIt!',
    description: 'Choose a new password for your JotIt account.',
    path: '/reset-password',
    origin: originFromMatches(matches),
  }),
  { name: 'robots', content: 'noindex' },
];

/** Spec §2 Reset Password: the e-mailed link's token, New Password and Confirm Password, then back to /login. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      {token ? <ResetPasswordCard token={token} /> : <InvalidResetLink />}
    </section>
  );
}

function InvalidResetLink() {
  useEffect(() => {
    // A fixed id: React's development double effects, or a re-render, show one toast, not two.
    toast.error('Error', { id: 'invalid-reset-link', description: INVALID_RESET_LINK_MESSAGE });
  }, []);
  return (
    <MessageCard
      icon={XCircleIcon}
      tone="destructive"
      title="Invalid Reset Link"
      description={INVALID_RESET_LINK_MESSAGE}
      footer={
        <Button asChild>
          <Link to="/login">Return to Login</Link>
        </Button>
      }
    />
  );
}

function ResetPasswordCard({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await resetPassword.mutateAsync({ token, password });
      toast.success('Password Reset', { description: result.message });
      navigate('/login');
    } catch (error) {
      toast.error('Error', { description: serverErrorText(error) ?? 'Failed to reset password. Please try again.' });
    }
  });

  return (
    <Card>
      <CardHeader>
        <KeyRoundIcon aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-2xl font-bold tracking-tight">Reset Password</h1>
        <CardDescription>Choose a new password for your account. You will then sign in with it.</CardDescription>
      </CardHeader>
      <CardContent>
        <NewPasswordForm
          form={form}
          onSubmit={onSubmit}
          label="Reset Password"
          labels={['New Password', 'Confirm Password']}
          submitLabel="Reset Password"
        >
          <Button asChild variant="link">
            <Link to="/login">Back to Sign In</Link>
          </Button>
        </NewPasswordForm>
      </CardContent>
    </Card>
  );
}
