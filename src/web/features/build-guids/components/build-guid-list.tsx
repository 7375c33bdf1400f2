import { PencilIcon, Trash2Icon } from 'lucide-react';
import { BUILD_GUID_VALUE_PREVIEW_CHARS } from '../../../../shared/constants';
import type { BuildGuid } from '../../../../shared/schemas/build-guids';
import { Button } from '~/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';

/** Spec §9: the value cut to 40 characters plus an ellipsis in the table. */
export function previewValue(value: string): string {
  return value.length > BUILD_GUID_VALUE_PREVIEW_CHARS ? `${value.slice(0, BUILD_GUID_VALUE_PREVIEW_CHARS)}...` : value;
}

interface ListProps {
  guids: BuildGuid[];
  onEdit(guid: BuildGuid): void;
  onDelete(guid: BuildGuid): void;
}

/**
 * Spec §2 Build GUIDs: a table (ID, Name, Value cut to 40 characters, edit/delete) from 768 px up, and below that
 * one card per build GUID with the full value. Both are rendered; CSS shows the one that fits, so the server's HTML
 * and the browser's agree.
 */
export function BuildGuidList({ guids, onEdit, onDelete }: ListProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-20">ID</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Value</TableHead>
              <TableHead className="w-28 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {guids.map((guid) => (
              <TableRow key={guid.id}>
                <TableCell className="tabular-nums text-muted-foreground">{guid.id}</TableCell>
                <TableCell className="max-w-64 font-medium whitespace-normal wrap-anywhere">{guid.name}</TableCell>
                <TableCell className="font-mono text-xs" title={guid.value}>
                  {previewValue(guid.value)}
                </TableCell>
                <TableCell className="text-right">
                  <RowActions guid={guid} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Build GUIDs">
        {guids.map((guid) => (
          <li key={guid.id} className="rounded-lg border p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-medium break-all">{guid.name}</p>
                <p className="text-xs text-muted-foreground">ID {guid.id}</p>
              </div>
              <RowActions guid={guid} onEdit={onEdit} onDelete={onDelete} />
            </div>
            <p className="mt-3 rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">{guid.value}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function RowActions({ guid, onEdit, onDelete }: { guid: BuildGuid } & Omit<ListProps, 'guids'>) {
  return (
    <span className="inline-flex shrink-0 gap-1">
      <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${guid.name}`} onClick={() => onEdit(guid)}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost-destructive"
        size="icon"
        aria-label={`Delete ${guid.name}`}
        onClick={() => onDelete(guid)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
  );
}
