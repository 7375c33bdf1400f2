import type { ReactNode } from 'react';
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

/**
 * The admin screens' delete confirmation: open while `item` is set, and it stays open (showing 'Deleting...') until
 * the delete has answered — the page closes it on success.
 */
export function ConfirmDeleteDialog<Item>({
  item,
  title,
  description,
  isDeleting,
  onConfirm,
  onOpenChange,
}: {
  item: Item | null;
  title: ReactNode;
  description: ReactNode;
  isDeleting: boolean;
  onConfirm(item: Item): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <AlertDialog open={item !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isDeleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={isDeleting}
            className={buttonVariants({ variant: 'destructive' })}
            onClick={(event) => {
              event.preventDefault();
              if (item !== null) onConfirm(item);
            }}
          >
            {isDeleting ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
