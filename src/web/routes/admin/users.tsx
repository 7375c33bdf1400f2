import { MailPlusIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/lib/toast';
import { pageTitle } from '../../../shared/brand';
import { type User, USER_STATUS_FILTERS, type UserStatusFilter } from '../../../shared/schemas/accounts';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { DataTable, DataTableEmpty, useDataTableState } from '~/components/data-table';
import { DataTableSearch } from '~/components/data-table-search';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { ConfirmDialog } from '~/components/confirm-dialog';
import {
  accessChangeText,
  DeleteUserDialog,
  useDeleteUser,
  UserCard,
  userColumns,
  UserFormDialog,
  UsersBulkActions,
  type UserAccessField,
  useResetSecondFactor,
  useUpdateUser,
  useUsers,
} from '~/features/accounts';
import { can, roleOfUser } from '../../../shared/permissions';
import { InviteStaffDialog, invitableRoles, PendingInvitationsCard } from '~/features/staff-invitations';
import { serverErrorText } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';
import { useOpenRequestedRecord } from '~/lib/open-record';
import type { TableStateOptions } from '~/lib/table-url-state';

export const meta = adminMeta(pageTitle('User Management'));

const PAGE_SIZE = 50;
/** The list's state in the URL (`?q=ada&status=pending&page=2`). */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: ['q', 'status'] };
const FILTERS: Array<{ value: UserStatusFilter | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
];

/** Spec §2 User Management: Add User, the users table with status and role toggles, edit and delete. */
export default function UsersPage() {
  return (
    <AdminPage
      title="User Management"
      description="Approve new accounts, grant or revoke admin rights, and add or remove users."
    >
      <UserManagement />
    </AdminPage>
  );
}

function UserManagement() {
  const { user: currentUser, signOut } = useAuth();
  const navigate = useNavigate();
  const table = useDataTableState(TABLE_OPTIONS);
  const search = table.state.filters.q;
  const status = USER_STATUS_FILTERS.find((value) => value === table.state.filters.status);
  const [formUser, setFormUser] = useState<User | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  // Inviting needs a role to give (decision 0056): support approves users but invites nobody.
  const canInvite = invitableRoles(roleOfUser(currentUser)).length > 0;
  const [userToDelete, setUserToDelete] = useState<User | null>(null);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  // Issue 26: a change of approval or role waits here for the operator to confirm it.
  // It stays set while the dialog closes, so the dialog keeps its words until it is gone.
  const [accessChange, setAccessChange] = useState<{ user: User; field: UserAccessField } | null>(null);
  const [isAccessChangeOpen, setIsAccessChangeOpen] = useState(false);
  // Resetting two-step sign-in (decision 0053) asks first too; owners and admins only.
  const [secondFactorReset, setSecondFactorReset] = useState<User | null>(null);
  const resetSecondFactor = useResetSecondFactor();
  const mayResetSecondFactor = currentUser ? can(roleOfUser(currentUser), 'users.manage') : false;

  const usersQuery = useUsers({ search, status, limit: PAGE_SIZE, offset: table.offset });
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const total = usersQuery.data?.total ?? 0;
  const isFiltered = Boolean(search || status);
  const columns = useMemo(
    () =>
      userColumns({
        currentUserId: currentUser?.id,
        busyUserId,
        onRequestAccessChange: (user, field) => {
          setAccessChange({ user, field });
          setIsAccessChangeOpen(true);
        },
        onRequestSecondFactorReset: mayResetSecondFactor ? setSecondFactorReset : undefined,
        onEdit: (user) => openForm(user),
        onDelete: setUserToDelete,
      }),
    [currentUser?.id, busyUserId, mayResetSecondFactor],
  );

  function openForm(user: User | null) {
    setFormUser(user);
    setIsFormOpen(true);
  }
  // ⌘K on a user opens the user's dialog (issue 37 §5), once the list filtered to them has loaded.
  useOpenRequestedRecord(
    (id) => (usersQuery.data && !usersQuery.isPlaceholderData ? (usersQuery.data.users.find((user) => String(user.id) === id) ?? null) : undefined),
    openForm,
  );

  async function toggle(user: User, field: UserAccessField) {
    setBusyUserId(user.id);
    try {
      await updateUser.mutateAsync({ id: user.id, changes: { [field]: !user[field] } });
      toast.success('User updated successfully');
      // An admin who gave up their own admin role (or approval) has just ended their own session.
      if (user.id === currentUser?.id && user[field]) {
        signOut();
        navigate('/login');
      }
    } catch (error) {
      toast.error('Error updating user', { description: serverErrorText(error) ?? 'Failed to update the user. Please try again.' });
    } finally {
      setBusyUserId(null);
      setIsAccessChangeOpen(false);
    }
  }

  function confirmSecondFactorReset(user: User) {
    resetSecondFactor.mutate(user.id, {
      onSuccess: ({ reset }) => {
        toast.success(reset ? 'Two-step sign-in reset' : 'Nothing to reset', {
          description: reset
            ? `${user.username} signs in with the password alone until they set it up again.`
            : `${user.username} had no two-step sign-in.`,
        });
        setSecondFactorReset(null);
      },
      onError: (error) => toast.error('Error', { description: serverErrorText(error) ?? 'Failed to reset two-step sign-in.' }),
    });
  }

  function confirmDelete(user: User) {
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        toast.success('User deleted successfully');
        table.selection.remove([String(user.id)]);
        setUserToDelete(null);
      },
      onError: (error) =>
        toast.error('Error deleting user', { description: serverErrorText(error) ?? 'Failed to delete the user. Please try again.' }),
    });
  }

  return (
    <>
      <AdminPageActions>
        {canInvite && (
          <Button variant="outline" onClick={() => setIsInviteOpen(true)}>
            <MailPlusIcon aria-hidden="true" /> Invite
          </Button>
        )}
        <Button onClick={() => openForm(null)}>
          <UserPlusIcon aria-hidden="true" /> Add User
        </Button>
      </AdminPageActions>
      <Card>
        <CardHeader className="gap-4">
          <h2 className="text-lg font-semibold">
            Users{usersQuery.data ? ` (${total})` : ''}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <DataTableSearch
              label="Search users"
              value={search}
              onSearch={(q) => table.setFilters({ q })}
              placeholder="Search email or username"
              className="flex-1"
            />
            <div role="group" aria-label="Filter by status" className="inline-flex self-start rounded-md border p-0.5 sm:self-auto">
              {FILTERS.map((filter) => (
                <Button
                  key={filter.label}
                  type="button"
                  size="sm"
                  variant={status === filter.value ? 'secondary' : 'ghost'}
                  aria-pressed={status === filter.value}
                  onClick={() => table.setFilters({ status: filter.value })}
                  className="h-8"
                >
                  {filter.label}
                </Button>
              ))}
            </div>
          </div>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Users"
            table={table}
            columns={columns}
            rows={usersQuery.data?.users}
            total={usersQuery.data?.total}
            getRowId={(user) => String(user.id)}
            rowLabel={(user) => user.username}
            query={usersQuery}
            loadingLabel="Loading users..."
            errorTitle="Error Loading Users"
            errorText={`Please check your permissions and try again. ${serverErrorText(usersQuery.error) ?? 'Failed to fetch users'}`}
            renderCard={(user) => (
              <UserCard
                user={user}
                currentUserId={currentUser?.id}
                busyUserId={busyUserId}
                onRequestAccessChange={(target, field) => {
                  setAccessChange({ user: target, field });
                  setIsAccessChangeOpen(true);
                }}
                onEdit={openForm}
                onDelete={setUserToDelete}
                onRequestSecondFactorReset={mayResetSecondFactor ? setSecondFactorReset : undefined}
              />
            )}
            empty={
              isFiltered ? (
                <DataTableEmpty title="No users match your search.">
                  <Button variant="outline" onClick={() => table.setFilters({ q: undefined, status: undefined })}>
                    Clear filters
                  </Button>
                </DataTableEmpty>
              ) : (
                <DataTableEmpty icon={<UsersIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No users yet">
                  <p className="text-sm text-muted-foreground">Create the first account to get started.</p>
                  <Button onClick={() => openForm(null)}>
                    <UserPlusIcon aria-hidden="true" /> Add First User
                  </Button>
                </DataTableEmpty>
              )
            }
            bulkActions={<UsersBulkActions selection={table.selection} currentUserId={currentUser?.id} />}
          />
        </CardContent>
      </Card>
      {canInvite && <PendingInvitationsCard />}

      {accessChange && (
        <ConfirmDialog
          open={isAccessChangeOpen}
          onOpenChange={setIsAccessChangeOpen}
          {...accessChangeText(accessChange.user, accessChange.field, accessChange.user.id === currentUser?.id)}
          isPending={busyUserId === accessChange.user.id}
          onConfirm={() => void toggle(accessChange.user, accessChange.field)}
        />
      )}
      <ConfirmDialog
        open={secondFactorReset !== null}
        onOpenChange={(open) => {
          if (!open) setSecondFactorReset(null);
        }}
        title={`Reset two-step sign-in of ${secondFactorReset?.username ?? ''}?`}
        description={`Their authenticator app and recovery codes stop working: ${secondFactorReset?.username ?? 'they'} signs in with the password alone until they set it up again. Do this only when you are sure who is asking.`}
        confirmLabel="Reset two-step sign-in"
        pendingLabel="Resetting..."
        isPending={resetSecondFactor.isPending}
        isDestructive
        onConfirm={() => {
          if (secondFactorReset) confirmSecondFactorReset(secondFactorReset);
        }}
      />
      <UserFormDialog open={isFormOpen} user={formUser} onOpenChange={setIsFormOpen} />
      <InviteStaffDialog open={isInviteOpen} onOpenChange={setIsInviteOpen} />
      <DeleteUserDialog
        user={userToDelete}
        isDeleting={deleteUser.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setUserToDelete(null);
        }}
      />
    </>
  );
}
