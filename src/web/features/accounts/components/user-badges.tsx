import { KeyRoundIcon, MoreHorizontalIcon, ShieldCheckIcon, ShieldOffIcon, UserCheckIcon, UserXIcon } from 'lucide-react';
import { ROLE_LABELS } from '../../../../shared/permissions';
import type { User } from '../../../../shared/schemas/accounts';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';

/** Spec §4's status and role, shown as badges; changing them goes through the row's access menu (issue 26). */
export function StatusBadge({ user }: { user: User }) {
  return user.isApproved ? <Badge variant="success">Approved</Badge> : <Badge variant="warning">Pending</Badge>;
}

export function RoleBadge({ user }: { user: User }) {
  return <Badge variant={user.isAdmin ? 'default' : user.role === 'user' ? 'secondary' : 'outline'}>{ROLE_LABELS[user.role]}</Badge>;
}

/** The change a menu item asks for: approval or the admin role, flipped. */
export type UserAccessField = 'isApproved' | 'isAdmin';

/**
 * The row menu that changes a user's approval or role. It only asks: the page confirms with a dialog that names
 * the change (issue 26: no more one-click grants or revokes).
 */
export function UserAccessMenu({
  user,
  isBusy,
  onRequest,
  onResetSecondFactor,
}: {
  user: User;
  isBusy: boolean;
  onRequest(user: User, field: UserAccessField): void;
  onResetSecondFactor?(user: User): void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Change access of ${user.username}`} title="Change status or role" disabled={isBusy}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="max-w-56 truncate">{user.username}</DropdownMenuLabel>
        <DropdownMenuItem variant={user.isApproved ? 'destructive' : 'default'} onSelect={() => onRequest(user, 'isApproved')}>
          {user.isApproved ? <UserXIcon aria-hidden="true" /> : <UserCheckIcon aria-hidden="true" />}
          {user.isApproved ? 'Revoke approval' : 'Approve'}
        </DropdownMenuItem>
        <DropdownMenuItem variant={user.isAdmin ? 'destructive' : 'default'} onSelect={() => onRequest(user, 'isAdmin')}>
          {user.isAdmin ? <ShieldOffIcon aria-hidden="true" /> : <ShieldCheckIcon aria-hidden="true" />}
          {user.isAdmin ? 'Make regular user' : 'Make admin'}
        </DropdownMenuItem>
        {/* Only when there is a factor to take away (the list says so). */}
        {onResetSecondFactor && user.hasSecondFactor && (
          <DropdownMenuItem variant="destructive" onSelect={() => onResetSecondFactor(user)}>
            <KeyRoundIcon aria-hidden="true" />
            Reset two-step sign-in
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The confirmation's words for a change (ConfirmDialog's title, description and button). */
export function accessChangeText(user: User, field: UserAccessField, isSelf: boolean) {
  const selfNote = isSelf ? ' This is your own account: you will be signed out.' : '';
  if (field === 'isApproved') {
    return user.isApproved
      ? {
          title: `Revoke approval of ${user.username}?`,
          description: `${user.username} is signed out and cannot sign in until approved again.${selfNote}`,
          confirmLabel: 'Revoke approval',
          isDestructive: true,
        }
      : {
          title: `Approve ${user.username}?`,
          description: `${user.username} can sign in from now on, and gets an e-mail saying so.`,
          confirmLabel: 'Approve',
          isDestructive: false,
        };
  }
  return user.isAdmin
    ? {
        title: `Make ${user.username} a regular user?`,
        description: `${user.username} loses access to the admin.${selfNote}`,
        confirmLabel: 'Make regular user',
        isDestructive: true,
      }
    : {
        title: `Make ${user.username} an admin?`,
        description: `Admins manage the whole site: content, users and the jot API.`,
        confirmLabel: 'Make admin',
        isDestructive: false,
      };
}
