/**
 * A list row's Edit and Delete buttons (issue 26 §2): the same icons, words and place — the table's last column,
 * right-aligned, or a card's corner — on every admin list. `name` finishes their accessible names ("Edit Spring
 * sale", "Delete tag e2e"); Delete only asks for the confirmation, the screen's ConfirmDialog does the rest.
 */
import { PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';

export function RowActions({
  name,
  editVerb = 'Edit',
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  /** The edit button's verb where the edit is narrower ("Rename"). */
  editVerb?: string;
  onEdit?(): void;
  onDelete?(): void;
  /** The screen's other row actions, before Edit. */
  children?: ReactNode;
}) {
  return (
    <span className="inline-flex shrink-0 gap-1" data-slot="row-actions">
      {children}
      {onEdit && (
        <Button type="button" variant="ghost" size="icon" aria-label={`${editVerb} ${name}`} title={editVerb} onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
        </Button>
      )}
      {onDelete && (
        <Button type="button" variant="ghost-destructive" size="icon" aria-label={`Delete ${name}`} title="Delete" onClick={onDelete}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      )}
    </span>
  );
}

/** The header of the actions column, right-aligned over the buttons. */
export const ROW_ACTIONS_HEADER = () => <span className="block text-right">Actions</span>;
