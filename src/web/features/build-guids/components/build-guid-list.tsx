import type { ColumnDef } from '@tanstack/react-table';
import { BUILD_GUID_VALUE_PREVIEW_CHARS } from '../../../../shared/constants';
import type { BuildGuid } from '../../../../shared/schemas/build-guids';
import { ROW_ACTIONS_HEADER, RowActions } from '~/components/row-actions';

/** Spec §9: the value cut to 40 characters plus an ellipsis in the table. */
export function previewValue(value: string): string {
  return value.length > BUILD_GUID_VALUE_PREVIEW_CHARS ? `${value.slice(0, BUILD_GUID_VALUE_PREVIEW_CHARS)}...` : value;
}

export interface BuildGuidActions {
  onEdit(guid: BuildGuid): void;
  onDelete(guid: BuildGuid): void;
}

/** Spec §2 Build GUIDs: ID, Name, Value cut to 40 characters, edit/delete — the DataTable's columns from 768 px. */
export function buildGuidColumns({ onEdit, onDelete }: BuildGuidActions): Array<ColumnDef<BuildGuid, unknown> & { id: string }> {
  return [
    { id: 'id', header: 'ID', meta: { headClassName: 'w-20', cellClassName: 'tabular-nums text-muted-foreground' }, cell: ({ row }) => row.original.id },
    { id: 'name', header: 'Name', meta: { cellClassName: 'max-w-64 font-medium whitespace-normal wrap-anywhere' }, cell: ({ row }) => row.original.name },
    {
      id: 'value',
      header: 'Value',
      meta: { cellClassName: 'font-mono text-xs' },
      cell: ({ row }) => <span title={row.original.value}>{previewValue(row.original.value)}</span>,
    },
    {
      id: 'actions',
      header: ROW_ACTIONS_HEADER,
      enableHiding: false,
      meta: { headClassName: 'w-28', cellClassName: 'text-right' },
      cell: ({ row }) => <RowActions name={row.original.name} onEdit={() => onEdit(row.original)} onDelete={() => onDelete(row.original)} />,
    },
  ];
}

/** A build GUID under 768 px: its name and id, the actions, and the whole value (wrapped, never cut). */
export function BuildGuidCard({ guid, onEdit, onDelete }: { guid: BuildGuid } & BuildGuidActions) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-medium break-all">{guid.name}</p>
          <p className="text-xs text-muted-foreground">ID {guid.id}</p>
        </div>
        <RowActions name={guid.name} onEdit={() => onEdit(guid)} onDelete={() => onDelete(guid)} />
      </div>
      <p className="mt-2 rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">{guid.value}</p>
    </>
  );
}
