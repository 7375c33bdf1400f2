/**
 * The invitee's page (decision 0056): who invited them and the role, then a password twice (the sign-up rules,
 * accounts.ts) — and they are signed in and in the admin. A dead link (unknown, expired, used, or revoked) is a
 * clear card with the server's reason and the way on, never a crash.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon, XCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/brand';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../../shared/permissions';
import {
  type AcceptStaffInvitationForm,
  AcceptStaffInvitationFormSchema,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  type StaffInvitationPreview,
} from '../../../../shared/schemas/staff-invitations';
import { useAcceptStaffInvitation } from '../api/accept-staff-invitation';
import { useStaffInvitationLookup } from '../api/lookup-staff-invitation';
import { NewPasswordForm } from '~/components/new-password-fields';
import { NeedsJavaScript } from '~/components/needs-javascript';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { serverErrorText } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';
import { toast } from '~/lib/toast';

export function AcceptInvitationCard({ token }: { token: string }) {
  if (!token) return <InvalidInvitation reason={INVITATION_LINK_UNKNOWN_MESSAGE} />;
  return <InvitationLookup token={token} />;
}

function InvitationLookup({ token }: { token: string }) {
  const lookup = useStaffInvitationLookup(token);
  if (lookup.isPending) {
    return (
      <>
        {/* Without JavaScript the invitation is never looked up: say so, not a skeleton for ever. */}
        <NeedsJavaScript hides="[data-invitation-loading]" />
        <Card role="status" aria-label="Loading the invitation..." data-invitation-loading="">
          <CardHeader className="gap-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </CardHeader>
        </Card>
      </>
    );
  }
  if (lookup.isError) return <InvalidInvitation reason={serverErrorText(lookup.error) ?? INVITATION_LINK_UNKNOWN_MESSAGE} />;
  return <AcceptForm token={token} invitation={lookup.data} />;
}

function InvalidInvitation({ reason }: { reason: string }) {
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center">
        <XCircleIcon aria-hidden="true" className="size-12 text-destructive" />
        <h1 className="text-2xl font-bold tracking-tight">This invitation cannot be used</h1>
        <CardDescription>{reason}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild>
          <Link to="/login">Go to Sign In</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: StaffInvitationPreview }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const accept = useAcceptStaffInvitation();
  const form = useForm<AcceptStaffInvitationForm>({
    resolver: zodResolver(AcceptStaffInvitationFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const role = ROLE_LABELS[invitation.role];

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await accept.mutateAsync({ token, password });
      auth.signIn(result.token, result.user);
      if (result.secondFactorSetupRequired) {
        // REQUIRE_STAFF_MFA (decision 0053): the back-office waits until two-step sign-in is set up, as after sign-in.
        toast.info('Set up two-step sign-in', {
          description: `You are signed in as ${role}. Your role needs it before you can use the back-office.`,
        });
        void navigate('/admin/security?setup=two-step');
        return;
      }
      toast.success(`Welcome to ${PRODUCT_NAME}`, { description: `You are signed in as ${role}.` });
      void navigate('/admin');
    } catch (error) {
      toast.error('Error', {
        description: serverErrorText(error) ?? 'Failed to accept the invitation. Please try again.',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <UserPlusIcon aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-2xl font-bold tracking-tight">
          Join {PRODUCT_NAME} as {role}
        </h1>
        <CardDescription>
          {invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You are invited'} to work on {PRODUCT_NAME}.{' '}
          {ROLE_DESCRIPTIONS[invitation.role]}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <NewPasswordForm
          form={form}
          onSubmit={onSubmit}
          label="Accept the invitation"
          labels={['Choose a Password', 'Confirm Password']}
          username={invitation.email}
          submitLabel="Accept and Sign In"
          before={
            <div className="flex flex-col gap-2">
              <span className="text-sm font-medium">Email</span>
              <p className="wrap-anywhere rounded-md border bg-muted px-3 py-2 text-sm">{invitation.email}</p>
            </div>
          }
        />
      </CardContent>
    </Card>
  );
}
