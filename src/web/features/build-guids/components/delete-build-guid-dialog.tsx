import type { BuildGuid } from '../../../../shared/schemas/build-guids';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';

/** Spec §2: 'Are you sure you want to delete this build GUID? This cannot be undone.' */
export function DeleteBuildGuidDialog({
  guid,
  ...props
}: {
  guid: BuildGuid | null;
  isDeleting: boolean;
  onConfirm(guid: BuildGuid): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <ConfirmDeleteDialog
      item={guid}
      title={`Delete build GUID${guid ? ` “${guid.name}”` : ''}?`}
      description="Are you sure you want to delete this build GUID? This cannot be undone. Jots from desktop builds that use it will be refused from now on."
      {...props}
    />
  );
}
