import type { User } from '../../../../shared/schemas/accounts';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';

/** Spec §8: deleting a user asks for confirmation first. */
export function DeleteUserDialog({
  user,
  ...props
}: {
  user: User | null;
  isDeleting: boolean;
  onConfirm(user: User): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <ConfirmDeleteDialog
      item={user}
      title="Delete user?"
      description={
        <>
          Are you sure you want to delete <strong className="text-foreground">{user?.username}</strong> ({user?.email})?
          Their account and sessions end now. This cannot be undone.
        </>
      }
      {...props}
    />
  );
}
