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

export interface PendingConfirmation {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  destructive: boolean;
  run(): Promise<void>;
}

/**
 * The confirmation of a lead action (delete one, or a bulk action that says how many). It stays open, showing the
 * busy label, until the action has answered; the page closes it.
 */
export function ConfirmActionDialog({
  pending,
  isBusy,
  onOpenChange,
}: {
  pending: PendingConfirmation | null;
  isBusy: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <AlertDialog open={pending !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">{pending?.title}</AlertDialogTitle>
          <AlertDialogDescription>{pending?.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isBusy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={isBusy}
            className={buttonVariants({ variant: pending?.destructive ? 'destructive' : 'default' })}
            onClick={(event) => {
              event.preventDefault();
              void pending?.run();
            }}
          >
            {isBusy ? pending?.busyLabel : pending?.confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
