/**
 * The row actions of the admin's content lists: the kit's RowActions (the same place and words in every table) with
 * the deletion built in. Delete asks first and names what goes; Cancel or Esc change nothing and give focus back to the Delete button.
 *
 *   <DataTableRowActions name={page.title} onEdit={() => editor.open(page)} deletion={{ title: `Delete the page
 *     “${page.title}”?`, description: '…', remove: () => remove.mutateAsync(page.id), done: 'Page deleted',
 *     failed: 'Failed to delete page' }} />
 */
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { RowActions } from '~/components/row-actions';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

export interface RowDeletion {
  /** The question, naming the row ("Delete the page “About”?"). */
  title: string;
  /** What follows from it. */
  description: string;
  /** The delete (it throws when refused); the dialog shows "Deleting..." until it has answered. */
  remove(): Promise<unknown>;
  /** The toasts: success (with an optional line under it) and failure (the server's reason under it). */
  done: string;
  doneDescription?: string;
  failed: string;
}

export function DataTableRowActions({
  name,
  onEdit,
  deletion,
  children,
}: {
  /** The row's name in the buttons' accessible names. */
  name: string;
  onEdit(): void;
  deletion: RowDeletion;
  /** Actions before Edit (an external link, Move up and down). */
  children?: ReactNode;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  async function confirm() {
    setIsDeleting(true);
    try {
      await deletion.remove();
      toast.success(deletion.done, deletion.doneDescription ? { description: deletion.doneDescription } : undefined);
    } catch (error) {
      toast.error(deletion.failed, { description: serverMessageOr(error, 'Please try again.') });
    } finally {
      setIsDeleting(false);
      setIsConfirming(false);
    }
  }

  return (
    <>
      <RowActions name={name} onEdit={onEdit} onDelete={() => setIsConfirming(true)}>
        {children}
      </RowActions>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={deletion.title}
        description={deletion.description}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={isDeleting}
        isDestructive
        onConfirm={() => void confirm()}
      />
    </>
  );
}
