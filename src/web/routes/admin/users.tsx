import { MailPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { pageTitle } from '../../../shared/brand';
import { roleOfUser } from '../../../shared/permissions';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { Button } from '~/components/ui/button';
import { UsersScreen } from '~/features/accounts/users-screen';
import { InviteStaffDialog, invitableRoles, PendingInvitationsCard } from '~/features/staff-invitations';
import { useAuth } from '~/lib/auth';

export const meta = adminMeta(pageTitle('User Management'));

/** User Management with the staff invitations around it (features do not import each other). */
export default function UsersPage() {
  const { user } = useAuth();
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  // Inviting needs a role to give (decision 0056): support approves users but invites nobody.
  const canInvite = invitableRoles(roleOfUser(user)).length > 0;
  return (
    <AdminPage
      title="User Management"
      description="Approve new accounts, grant or revoke admin rights, and add or remove users."
    >
      <UsersScreen
        Actions={AdminPageActions}
        extraActions={
          canInvite && (
            <Button variant="outline" onClick={() => setIsInviteOpen(true)}>
              <MailPlusIcon aria-hidden="true" /> Invite
            </Button>
          )
        }
        after={canInvite && <PendingInvitationsCard />}
      />
      <InviteStaffDialog open={isInviteOpen} onOpenChange={setIsInviteOpen} />
    </AdminPage>
  );
}
