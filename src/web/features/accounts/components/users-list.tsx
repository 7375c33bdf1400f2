import type { ColumnDef } from '@tanstack/react-table';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import type { User } from '../../../../shared/schemas/accounts';
import { RoleBadge, StatusBadge, UserAccessMenu, type UserAccessField } from './user-badges';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';

export interface UserActions {
  /** The signed-in admin: they cannot delete themselves. */
  currentUserId: number | undefined;
  /** The id of the user whose approval or role is saving. */
  busyUserId: number | null;
  /** Asks to flip approval or the admin role (the page confirms first). */
  onRequestAccessChange(user: User, field: UserAccessField): void;
  onEdit(user: User): void;
  onDelete(user: User): void;
  /** Asks to reset the user's two-step sign-in (owners and admins only; the page confirms first). */
  onRequestSecondFactorReset?(user: User): void;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** Spec §2: User, Email, Status, Role, Created, Actions — the DataTable's columns from 768 px. */
export function userColumns(actions: UserActions): Array<ColumnDef<User, unknown> & { id: string }> {
  return [
    {
      id: 'username',
      header: 'User',
      meta: { cellClassName: 'whitespace-normal' },
      cell: ({ row }) => <UserName user={row.original} isCurrent={row.original.id === actions.currentUserId} />,
    },
    {
      id: 'email',
      header: 'Email',
      meta: { label: 'Email', cellClassName: 'whitespace-normal' },
      cell: ({ row }) => <UserEmail user={row.original} />,
    },
    { id: 'status', header: 'Status', meta: { label: 'Status' }, cell: ({ row }) => <StatusBadge user={row.original} /> },
    { id: 'role', header: 'Role', meta: { label: 'Role' }, cell: ({ row }) => <RoleBadge user={row.original} /> },
    {
      id: 'createdAt',
      header: 'Created',
      meta: { label: 'Created', cellClassName: 'text-muted-foreground' },
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDate(row.original.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: () => <span className="block text-right">Actions</span>,
      enableHiding: false,
      meta: { cellClassName: 'text-right' },
      cell: ({ row }) => <RowActions user={row.original} {...actions} />,
    },
  ];
}

/** A user under 768 px: name and e-mail on the card's whole width (wrapped where needed, never cut), then badges, date and actions. */
export function UserCard({ user, ...actions }: { user: User } & UserActions) {
  return (
    <>
      <UserName user={user} isCurrent={user.id === actions.currentUserId} />
      <UserEmail user={user} className="text-sm text-muted-foreground" />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <StatusBadge user={user} />
        <RoleBadge user={user} />
        <span className="text-xs text-muted-foreground">
          Created <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </span>
        <span className="ml-auto">
          <RowActions user={user} {...actions} />
        </span>
      </div>
    </>
  );
}

function UserEmail({ user, className }: { user: User; className?: string }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className={className ? `${className} wrap-anywhere` : 'wrap-anywhere'}>{user.email}</span>
      {!user.emailConfirmed && <span className="text-xs text-muted-foreground">E-mail not confirmed</span>}
    </span>
  );
}

function UserName({ user, isCurrent }: { user: User; isCurrent: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary uppercase"
      >
        {user.username.charAt(0)}
      </span>
      <span className="min-w-0 font-medium wrap-anywhere">{user.username}</span>
      {isCurrent && <Badge variant="outline">You</Badge>}
    </span>
  );
}

function RowActions({ user, currentUserId, busyUserId, onRequestAccessChange, onEdit, onDelete, onRequestSecondFactorReset }: { user: User } & UserActions) {
  const isSelf = user.id === currentUserId;
  return (
    <span className="inline-flex shrink-0 gap-1">
      <UserAccessMenu user={user} isBusy={busyUserId === user.id} onRequest={onRequestAccessChange} onResetSecondFactor={onRequestSecondFactorReset} />
      <Button variant="ghost" size="icon" aria-label={`Edit ${user.username}`} title="Edit" onClick={() => onEdit(user)}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost-destructive"
        size="icon"
        aria-label={`Delete ${user.username}`}
        title={isSelf ? 'You cannot delete your own account' : 'Delete'}
        disabled={isSelf}
        onClick={() => onDelete(user)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
  );
}
