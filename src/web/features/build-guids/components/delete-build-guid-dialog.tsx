import type { BuildGuid } from '../../../../shared/schemas/build-guids';
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

/** Spec §2: 'Are you sure you want to delete this build GUID? This cannot be undone.' */
export function DeleteBuildGuidDialog({
  guid,
  isDeleting,
  onConfirm,
  onOpenChange,
}: {
  guid: BuildGuid | null;
  isDeleting: boolean;
  onConfirm(guid: BuildGuid): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <AlertDialog open={guid !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete build GUID{guid ? ` “${guid.name}”` : ''}?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this build GUID? This cannot be undone. Jots from desktop builds that use it will be
            refused from now on.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isDeleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={isDeleting}
            className={buttonVariants({ variant: 'destructive' })}
            onClick={(event) => {
              // Keep the dialog open until the delete has answered.
              event.preventDefault();
              if (guid) onConfirm(guid);
            }}
          >
            {isDeleting ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
