import type { ReactNode } from 'react';
import { ConfirmDialog } from '~/components/confirm-dialog';

/**
 * The admin screens' delete confirmation: open while `item` is set, and it stays open (showing 'Deleting...') until
 * the delete has answered — the page closes it on success. The kit's ConfirmDialog with the delete words.
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
    <ConfirmDialog
      open={item !== null}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={isDeleting}
      isDestructive
      onConfirm={() => {
        if (item !== null) onConfirm(item);
      }}
    />
  );
}
