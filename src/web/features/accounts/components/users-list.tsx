import { PencilIcon, Trash2Icon } from 'lucide-react';
import type { User } from '../../../../shared/schemas/accounts';
import { RoleBadge, StatusBadge, UserAccessMenu, type UserAccessField } from './user-badges';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';

export interface UserActions {
  /** The signed-in admin: they cannot delete themselves. */
  currentUserId: number | undefined;
  /** The id of the user whose approval or role is saving. */
  busyUserId: number | null;
  /** Asks to flip approval or the admin role (the page confirms first). */
  onRequestAccessChange(user: User, field: UserAccessField): void;
  onEdit(user: User): void;
  onDelete(user: User): void;
  /** Row selection for the bulk actions (issue 10 §6): the selected ids and the toggles. */
  selectedIds?: ReadonlySet<number>;
  onToggleSelected?(user: User): void;
  onToggleAllSelected?(): void;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** Spec §2: User, Email, Status, Role, Created, Actions — a table from 768 px, cards below it. */
export function UsersList({ users, ...actions }: { users: User[] } & UserActions) {
  const { selectedIds, onToggleSelected, onToggleAllSelected } = actions;
  const isSelectable = selectedIds !== undefined && onToggleSelected !== undefined;
  const selectedOnPage = isSelectable ? users.filter((user) => selectedIds.has(user.id)).length : 0;
  const allState = selectedOnPage === 0 ? false : selectedOnPage === users.length ? true : 'indeterminate';
  const rowCheckbox = (user: User) =>
    isSelectable && (
      <Checkbox
        checked={selectedIds.has(user.id)}
        onCheckedChange={() => onToggleSelected(user)}
        aria-label={`Select ${user.username}`}
      />
    );
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              {isSelectable && (
                <TableHead className="w-10">
                  <Checkbox checked={allState} onCheckedChange={() => onToggleAllSelected?.()} aria-label="Select all users on this page" />
                </TableHead>
              )}
              <TableHead>User</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id} data-state={isSelectable && selectedIds.has(user.id) ? 'selected' : undefined}>
                {isSelectable && <TableCell>{rowCheckbox(user)}</TableCell>}
                <TableCell>
                  <UserName user={user} isCurrent={user.id === actions.currentUserId} />
                </TableCell>
                <TableCell>
                  <span className="flex flex-col">
                    <span>{user.email}</span>
                    {!user.emailConfirmed && <span className="text-xs text-muted-foreground">E-mail not confirmed</span>}
                  </span>
                </TableCell>
                <TableCell>
                  <StatusBadge user={user} />
                </TableCell>
                <TableCell>
                  <RoleBadge user={user} />
                </TableCell>
                <TableCell className="text-muted-foreground">
                  <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                </TableCell>
                <TableCell className="text-right">
                  <RowActions user={user} {...actions} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden">
        {users.map((user) => (
          <li key={user.id} className="flex flex-col gap-3 rounded-lg border p-4">
            <div className="flex items-start justify-between gap-3">
              {isSelectable && <span className="pt-1.5">{rowCheckbox(user)}</span>}
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <UserName user={user} isCurrent={user.id === actions.currentUserId} />
                <span className="text-sm break-all text-muted-foreground">{user.email}</span>
                {!user.emailConfirmed && <span className="text-xs text-muted-foreground">E-mail not confirmed</span>}
              </div>
              <RowActions user={user} {...actions} />
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge user={user} />
              <RoleBadge user={user} />
              <span className="ml-auto text-xs text-muted-foreground">
                Created <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function UserName({ user, isCurrent }: { user: User; isCurrent: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary uppercase"
      >
        {user.username.charAt(0)}
      </span>
      <span className="truncate font-medium">{user.username}</span>
      {isCurrent && <Badge variant="outline">You</Badge>}
    </span>
  );
}

function RowActions({ user, currentUserId, busyUserId, onRequestAccessChange, onEdit, onDelete }: { user: User } & UserActions) {
  const isSelf = user.id === currentUserId;
  return (
    <span className="inline-flex shrink-0 gap-1">
      <UserAccessMenu user={user} isBusy={busyUserId === user.id} onRequest={onRequestAccessChange} />
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
