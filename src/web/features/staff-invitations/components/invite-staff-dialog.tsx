/**
 * The Users screen's Invite dialog (decision 0056): an e-mail address and a staff role — only the roles this
 * operator may give (canAssignRole: up to their own, owners alone invite owners). The kit's FormDialog: the
 * server's field problems (an address that already has an account) show under their field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { canAssignRole, roleOfUser, STAFF_ROLES, type Role } from '../../../../shared/permissions';
import { CreateStaffInvitationSchema, STAFF_INVITATION_TTL_HOURS } from '../../../../shared/schemas/staff-invitations';
import { useCreateStaffInvitation } from '../api/create-staff-invitation';
import { InputField } from '~/components/form';
import { FormDialog, FormDialogBody } from '~/components/form-dialog';
import { RoleField } from '~/components/role-field';
import { serverErrorText } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';
import { toast } from '~/lib/toast';

type InviteValues = z.input<typeof CreateStaffInvitationSchema>;
type InviteOutput = z.output<typeof CreateStaffInvitationSchema>;

/** The staff roles `actor` may invite with, highest first. */
export function invitableRoles(actor: Role | null): Role[] {
  return actor ? STAFF_ROLES.filter((role) => canAssignRole(actor, 'user', role)) : [];
}

export function InviteStaffDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <InviteStaffForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function InviteStaffForm({ onDone }: { onDone(): void }) {
  const roles = invitableRoles(roleOfUser(useAuth().user));
  const createInvitation = useCreateStaffInvitation();
  const form = useForm<InviteValues, unknown, InviteOutput>({
    resolver: zodResolver(CreateStaffInvitationSchema),
    // Editor is the usual invitation; the lowest role on offer otherwise.
    defaultValues: { email: '', role: roles.includes('editor') ? 'editor' : roles.at(-1) },
  });
  return (
    <FormDialogBody
      form={form}
      title="Invite to the team"
      description={`We e-mail a link that works once for ${STAFF_INVITATION_TTL_HOURS} hours. They choose a password and land in the admin with the role you pick.`}
      submitLabel="Send Invitation"
      pendingLabel="Sending..."
      onCancel={onDone}
      onSubmit={async (values) => {
        await createInvitation.mutateAsync(values);
        toast.success('Invitation sent', { description: `${values.email} will get the link by e-mail.` });
        onDone();
      }}
      onError={(error) =>
        toast.error('Error sending invitation', { description: serverErrorText(error) ?? 'Failed to send the invitation. Please try again.' })
      }
    >
      <InputField name="email" label="Email" required type="email" autoComplete="off" />
      <RoleField roles={roles} />
    </FormDialogBody>
  );
}
