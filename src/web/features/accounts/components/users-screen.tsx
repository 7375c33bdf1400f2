import { UserPlusIcon, UsersIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import { can, ROLES, roleOfUser } from '../../../../shared/permissions';
import { type User, USER_STATUS_FILTERS } from '../../../../shared/schemas/accounts';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useResetSecondFactor } from '../api/reset-second-factor';
import { useUpdateUser } from '../api/update-user';
import { DeleteUserDialog } from './delete-user-dialog';
import { accessChangeText, type UserAccessField } from './user-badges';
import { UserFormDialog } from './user-form-dialog';
import { UsersBulkActions } from './users-bulk-bar';
import { UsersFilters } from './users-filters';
import { UserCard, userColumns } from './users-list';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { DataTable, DataTableEmpty, pagedRows, useDataTableState } from '~/components/data-table';
import { Button } from '~/components/ui/button';
import { ListCard } from '~/components/list-card';
import { serverErrorText } from '~/lib/api-client';
import { useAuth, useSignOutToLogin } from '~/lib/auth';
import { useOpenRequestedRecord } from '~/lib/open-record';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

const PAGE_SIZE = 50;
/** The list's state in the URL (`?q=ada&status=pending&role=support&page=2`). */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: ['q', 'status', 'role'] };

/**
 * Spec §2 User Management: Add User, the users table with status and role toggles, edit and delete. The route
 * composes the staff invitations around it (`extraActions` before Add User, `after` below the list).
 */
export function UsersScreen({
  Actions,
  extraActions,
  after,
}: {
  Actions: ComponentType<{ children: ReactNode }>;
  extraActions?: ReactNode;
  after?: ReactNode;
}) {
  const { user: currentUser } = useAuth();
  const signOutToLogin = useSignOutToLogin();
  const table = useDataTableState(TABLE_OPTIONS);
  const search = table.state.filters.q;
  const status = USER_STATUS_FILTERS.find((value) => value === table.state.filters.status);
  const role = ROLES.find((value) => value === table.state.filters.role);
  const [formUser, setFormUser] = useState<User | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
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

  const usersQuery = useUsers({ search, status, role, limit: PAGE_SIZE, offset: table.offset });
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const isFiltered = Boolean(search || status || role);
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
        void signOutToLogin();
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
      <Actions>
        {extraActions}
        <Button onClick={() => openForm(null)}>
          <UserPlusIcon aria-hidden="true" /> Add User
        </Button>
      </Actions>
      <ListCard
        title="Users"
        count={usersQuery.data?.total}
        filters={<UsersFilters filters={{ q: search, status, role }} onChange={(change) => table.setFilters({ ...change })} />}
      >
        <DataTable
          label="Users"
          table={table}
          columns={columns}
          {...pagedRows(usersQuery, (data) => data.users)}
          getRowId={(user) => String(user.id)}
          rowLabel={(user) => user.username}
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
                <Button variant="outline" onClick={() => table.setFilters({ q: undefined, status: undefined, role: undefined })}>
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
      </ListCard>
      {after}

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
      <UserFormDialog open={isFormOpen} item={formUser} onOpenChange={setIsFormOpen} />
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
