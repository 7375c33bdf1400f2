import type { User } from '../../../../shared/schemas/accounts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { buttonVariants } from '~/components/ui/button';

/** Spec §8: deleting a user asks for confirmation first. */
export function DeleteUserDialog({
  user,
  isDeleting,
  onConfirm,
  onOpenChange,
}: {
  user: User | null;
  isDeleting: boolean;
  onConfirm(user: User): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <AlertDialog open={user !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete user?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete <strong className="text-foreground">{user?.username}</strong> ({user?.email})?
            Their account and sessions end now. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isDeleting}
            onClick={(event) => {
              // Keep the dialog open until the server answers; the page closes it on success.
              event.preventDefault();
              if (user) onConfirm(user);
            }}
          >
            {isDeleting ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
