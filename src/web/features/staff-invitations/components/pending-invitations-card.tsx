/**
 * The Users screen's pending staff invitations (decision 0056): address, role, who invited and until when; Revoke
 * asks first and names the consequence. When the revoked row's button is gone, focus moves to the list's heading.
 * An expired one says so, and offers Resend: a new link with the same role (it replaces the old invitation).
 */
import { MailIcon, SendIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { formatRelativeTime } from '../../../../shared/format';
import { ROLE_LABELS } from '../../../../shared/permissions';
import type { StaffInvitation } from '../../../../shared/schemas/staff-invitations';
import { useStaffInvitations } from '../api/get-staff-invitations';
import { useCreateStaffInvitation } from '../api/create-staff-invitation';
import { useRevokeStaffInvitation } from '../api/revoke-staff-invitation';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { serverMessageOr } from '~/lib/api-client';
import { useFocusHeadingAfterRemoval } from '~/lib/focus-heading-after-removal';
import { toast } from '~/lib/toast';

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function PendingInvitationsCard() {
  const invitationsQuery = useStaffInvitations();
  const revoke = useRevokeStaffInvitation();
  const resend = useCreateStaffInvitation();
  const [toRevoke, setToRevoke] = useState<StaffInvitation | null>(null);
  const { headingRef, openerRemoved, onCloseAutoFocus } = useFocusHeadingAfterRemoval();
  const invitations = invitationsQuery.data?.invitations ?? [];
  const expiredCount = invitations.filter((invitation) => invitation.isExpired).length;
  function resendInvitation(invitation: StaffInvitation) {
    resend.mutate(
      { email: invitation.email, role: invitation.role },
      {
        onSuccess: (sent) => {
          // The row is no longer expired, so its Resend button goes: focus moves to the list's heading (decision 0052).
          headingRef.current?.focus();
          toast.success('Invitation sent again', { description: `A new link went to ${sent.email}; it works until ${expiryFormat.format(new Date(sent.expiresAt))}.` });
        },
        onError: (error) => toast.error('Error resending invitation', { description: serverMessageOr(error, 'Failed to send the invitation again') }),
      },
    );
  }
  function confirmRevoke(invitation: StaffInvitation) {
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        openerRemoved();
        setToRevoke(null);
        toast.success('Invitation revoked', { description: `The link sent to ${invitation.email} no longer works.` });
      },
      onError: (error) => toast.error('Error revoking invitation', { description: serverMessageOr(error, 'Failed to revoke the invitation') }),
    });
  }

  return (
    <Card role="region" aria-labelledby="pending-invitations-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="pending-invitations-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Pending invitations ({invitations.length}{expiredCount > 0 ? `, ${expiredCount} expired` : ''})
          </h2>
        </CardTitle>
        <CardDescription>People invited to the team who have not chosen a password yet.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitationsQuery.isSuccess && invitations.length === 0 && (
          <p className="py-4 text-center text-sm text-muted-foreground">No pending invitations. Invite someone with the Invite button.</p>
        )}
        {invitationsQuery.isError && (
          <p role="alert" className="py-4 text-center text-sm text-destructive">
            Error loading invitations: {serverMessageOr(invitationsQuery.error, 'Failed to fetch invitations')}
          </p>
        )}
        <ul className="divide-y" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <MailIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="wrap-anywhere">{invitation.email}</span>
                    <Badge variant="secondary">{ROLE_LABELS[invitation.role]}</Badge>
                    {invitation.isExpired && <Badge variant="warning">Expired</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {invitation.invitedBy ? `Invited by ${invitation.invitedBy}` : 'Invited'} {formatRelativeTime(invitation.createdAt)}
                    {invitation.isExpired
                      ? ` · expired ${expiryFormat.format(new Date(invitation.expiresAt))}; the link no longer works`
                      : ` · expires ${expiryFormat.format(new Date(invitation.expiresAt))}`}
                  </p>
                </div>
              </div>
              <div className="flex gap-2 self-start sm:self-auto">
                {invitation.isExpired && (
                  <Button
                    variant="outline"
                    size="sm"
                    isPending={resend.isPending}
                    onClick={() => resendInvitation(invitation)}
                    aria-label={`Resend the invitation of ${invitation.email}`}
                  >
                    <SendIcon aria-hidden="true" /> Resend
                  </Button>
                )}
                <Button variant="outline" size="sm" onClick={() => setToRevoke(invitation)} aria-label={`Revoke the invitation of ${invitation.email}`}>
                  <XIcon aria-hidden="true" /> Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null);
        }}
        title={`Revoke the invitation of ${toRevoke?.email ?? ''}?`}
        description="The link in their e-mail stops working at once. You can invite them again later."
        confirmLabel="Revoke invitation"
        pendingLabel="Revoking..."
        isPending={revoke.isPending}
        isDestructive
        onConfirm={() => {
          if (toRevoke) confirmRevoke(toRevoke);
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </Card>
  );
}
