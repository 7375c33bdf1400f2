/**
 * The one confirmation of the admin kit (issue 26 §2): every destructive or privilege-changing action asks first
 * and names what it changes ("Make ada an admin?"). It stays open, its button saying `pendingLabel`, until the
 * action has answered; Cancel or Esc change nothing. Focus goes back to what opened it (the dialog primitive).
 *
 *   <ConfirmDialog open={target !== null} onOpenChange={…} title={`Make ${name} an admin?`}
 *     description="Admins manage the whole site." confirmLabel="Make admin" onConfirm={() => change.mutate(…)} />
 */
import type { ReactNode } from 'react';
// Its parts as `Alert.*`: the one screen that composes them (naming each would repeat the primitive's export list).
import * as Alert from '~/components/ui/alert-dialog';
import { buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/utils';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A question naming the change and its subject. */
  title: ReactNode;
  /** What follows from it. */
  description: ReactNode;
  /** The button's words: the change itself ("Revoke approval"), never just "OK". */
  confirmLabel: string;
  pendingLabel?: string;
  isPending?: boolean;
  /** Destructive actions (delete, revoke) get the red button. */
  isDestructive?: boolean;
  onConfirm(): void;
  /**
   * When the action removed what opened the dialog (a row's button), focus goes where this puts it (call
   * `event.preventDefault()`); otherwise it returns to the opener.
   */
  onCloseAutoFocus?(event: Event): void;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel = 'Please wait...',
  isPending = false,
  isDestructive = false,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Alert.AlertDialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <Alert.AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <Alert.AlertDialogHeader>
          <Alert.AlertDialogTitle className="wrap-anywhere">{title}</Alert.AlertDialogTitle>
          <Alert.AlertDialogDescription>{description}</Alert.AlertDialogDescription>
        </Alert.AlertDialogHeader>
        <Alert.AlertDialogFooter>
          {/* While the action runs the buttons refuse clicks but keep focus (a disabled button drops it to
              <body>, decision 0052). */}
          <Alert.AlertDialogCancel
            aria-disabled={isPending || undefined}
            className="aria-disabled:pointer-events-none aria-disabled:opacity-50"
            onClick={(event) => isPending && event.preventDefault()}
          >
            Cancel
          </Alert.AlertDialogCancel>
          <Alert.AlertDialogAction
            aria-disabled={isPending || undefined}
            className={cn(
              buttonVariants({ variant: isDestructive ? 'destructive' : 'default' }),
              'aria-disabled:pointer-events-none aria-disabled:opacity-50',
            )}
            onClick={(event) => {
              // The page closes the dialog when the action has answered.
              event.preventDefault();
              if (!isPending) onConfirm();
            }}
          >
            {isPending ? pendingLabel : confirmLabel}
          </Alert.AlertDialogAction>
        </Alert.AlertDialogFooter>
      </Alert.AlertDialogContent>
    </Alert.AlertDialog>
  );
}
