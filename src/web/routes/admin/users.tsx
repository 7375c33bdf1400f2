import { AlertTriangleIcon, SearchIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/lib/toast';
import { pageTitle } from '../../../shared/brand';
import type { User, UserStatusFilter } from '../../../shared/schemas/accounts';
import { Pager } from '~/components/pager';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { ConfirmDialog } from '~/components/confirm-dialog';
import {
  accessChangeText,
  DeleteUserDialog,
  useDeleteUser,
  UserFormDialog,
  UsersBulkBar,
  type UserAccessField,
  UsersList,
  useUpdateUser,
  useUsers,
} from '~/features/accounts';
import { serverErrorText } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';

export const meta = adminMeta(pageTitle('User Management'));

const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 250;
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
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatusFilter | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const [formUser, setFormUser] = useState<User | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [userToDelete, setUserToDelete] = useState<User | null>(null);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  // Issue 26: a change of approval or role waits here for the operator to confirm it.
  // It stays set while the dialog closes, so the dialog keeps its words until it is gone.
  const [accessChange, setAccessChange] = useState<{ user: User; field: UserAccessField } | null>(null);
  const [isAccessChangeOpen, setIsAccessChangeOpen] = useState(false);
  // Issue 10 §6: rows selected for a bulk action; cleared when the list changes page or filter.
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());

  // Search after a short pause in typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setOffset(0);
      setSelectedIds(new Set());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const usersQuery = useUsers({ search: search || undefined, status, limit: PAGE_SIZE, offset });
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const total = usersQuery.data?.total ?? 0;
  const users = usersQuery.data?.users ?? [];
  const isFiltered = Boolean(search || status);

  function openForm(user: User | null) {
    setFormUser(user);
    setIsFormOpen(true);
  }

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

  function confirmDelete(user: User) {
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        toast.success('User deleted successfully');
        setUserToDelete(null);
      },
      onError: (error) =>
        toast.error('Error deleting user', { description: serverErrorText(error) ?? 'Failed to delete the user. Please try again.' }),
    });
  }

  return (
    <>
      <AdminPageActions>
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
            <div className="relative flex-1">
              <label htmlFor={searchId} className="sr-only">
                Search users
              </label>
              <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                id={searchId}
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                placeholder="Search email or username"
                className="pl-9"
              />
            </div>
            <div role="group" aria-label="Filter by status" className="inline-flex rounded-md border p-0.5">
              {FILTERS.map((filter) => (
                <Button
                  key={filter.label}
                  type="button"
                  size="sm"
                  variant={status === filter.value ? 'secondary' : 'ghost'}
                  aria-pressed={status === filter.value}
                  onClick={() => {
                    setStatus(filter.value);
                    setOffset(0);
                    setSelectedIds(new Set());
                  }}
                  className="h-8"
                >
                  {filter.label}
                </Button>
              ))}
            </div>
          </div>
        </CardHeader>
        <CardContent>
          {usersQuery.isPending ? (
            <LoadingRows />
          ) : usersQuery.isError ? (
            <LoadError message={serverErrorText(usersQuery.error)} onRetry={() => void usersQuery.refetch()} />
          ) : users.length === 0 ? (
            isFiltered ? (
              <div className="flex flex-col items-center gap-3 py-10 text-center">
                <p className="text-muted-foreground">No users match your search.</p>
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearchText('');
                    setSearch('');
                    setStatus(undefined);
                  }}
                >
                  Clear filters
                </Button>
              </div>
            ) : (
              <div className="flex flex-col items-center gap-3 py-12 text-center">
                <UsersIcon aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="font-medium">No users yet</p>
                <p className="text-sm text-muted-foreground">Create the first account to get started.</p>
                <Button onClick={() => openForm(null)}>
                  <UserPlusIcon aria-hidden="true" /> Add First User
                </Button>
              </div>
            )
          ) : (
            <div className="flex flex-col gap-4">
              <UsersBulkBar
                users={users}
                selectedIds={selectedIds}
                currentUserId={currentUser?.id}
                onSelectionChange={setSelectedIds}
              />
              <UsersList
                users={users}
                currentUserId={currentUser?.id}
                busyUserId={busyUserId}
                onRequestAccessChange={(user, field) => {
                  setAccessChange({ user, field });
                  setIsAccessChangeOpen(true);
                }}
                onEdit={openForm}
                onDelete={setUserToDelete}
                selectedIds={selectedIds}
                onToggleSelected={(user) => setSelectedIds((ids) => toggled(ids, user.id))}
                onToggleAllSelected={() =>
                  setSelectedIds((ids) => (users.every((user) => ids.has(user.id)) ? new Set() : new Set(users.map((user) => user.id))))
                }
              />
              <Pager
                offset={offset}
                pageSize={PAGE_SIZE}
                total={total}
                onOffsetChange={(next) => {
                  setOffset(next);
                  setSelectedIds(new Set());
                }}
              />
            </div>
          )}
        </CardContent>
      </Card>

      {accessChange && (
        <ConfirmDialog
          open={isAccessChangeOpen}
          onOpenChange={setIsAccessChangeOpen}
          {...accessChangeText(accessChange.user, accessChange.field, accessChange.user.id === currentUser?.id)}
          isPending={busyUserId === accessChange.user.id}
          onConfirm={() => void toggle(accessChange.user, accessChange.field)}
        />
      )}
      <UserFormDialog open={isFormOpen} user={formUser} onOpenChange={setIsFormOpen} />
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

function toggled(ids: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function LoadingRows() {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">Loading users...</span>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string | undefined; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
      <p className="text-lg font-semibold">Error Loading Users</p>
      <p className="text-muted-foreground">Please check your permissions and try again</p>
      <p className="text-sm text-muted-foreground">{message ?? 'Failed to fetch users'}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
