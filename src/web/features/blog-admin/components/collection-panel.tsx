/**
 * The one shape of the blog's collection panels (ads, categories, tags — issue 26 §3: they were near-copies): a
 * heading with its Add button, then the kit's DataTable (skeletons while loading, the spec's fetch error with Retry,
 * an empty state, a table from 768 px and cards below, or cards at every width for the ads), and the delete
 * confirmation that names the item and stays open until the delete has answered. The panels share the blog
 * screen's URL, so each keeps its page under its own parameter (`adsPage`, `tagsPage`, …).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { type LucideIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { DataTable, DataTableEmpty, useDataTableState, wholeListRows } from '~/components/data-table';
import { Button } from '~/components/ui/button';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

export interface Deletion<Item> {
  title: string;
  description(item: Item): string;
  remove(item: Item): Promise<unknown>;
  isPending: boolean;
  /** The toasts (spec §8 texts where the spec has them). */
  succeeded: string;
  failed: string;
  failedFallback: string;
}

export type CollectionColumns<Item> = Array<ColumnDef<Item, unknown> & { id: string }>;

const PAGE_SIZE = 50;

/** A panel's table state: paged in the URL under its own prefix (`tags` → `tagsPage`). */
export function collectionTableOptions(paramPrefix: string): TableStateOptions {
  return { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: [], paramPrefix };
}

export function CollectionPanel<Item extends { id: number }>({
  id,
  title,
  description,
  add,
  tableOptions,
  query,
  loadingLabel,
  fetchError,
  empty,
  label,
  columns,
  renderCard,
  cardListClassName,
  deletion,
  children,
}: {
  id: string;
  title: string;
  description: string;
  /** The Add button's words and action (none: items come from elsewhere, as tags come from posts). */
  add?: { label: string; onClick(): void };
  /** A constant from `collectionTableOptions`. */
  tableOptions: TableStateOptions;
  query: UseQueryResult<Item[]>;
  loadingLabel: string;
  /** Spec §8: 'Failed to fetch blog ads', … */
  fetchError: string;
  empty: { icon: LucideIcon; text: string };
  /** Names the table and the card list ('Tags'). */
  label: string;
  /** The table's columns from 768 px (`requestDelete` opens the confirmation); none: cards at every width. */
  columns?(requestDelete: (item: Item) => void): CollectionColumns<Item>;
  renderCard(item: Item, requestDelete: () => void): ReactNode;
  cardListClassName?: string;
  deletion: Deletion<Item>;
  /** The panel's form dialog. */
  children?: ReactNode;
}) {
  const table = useDataTableState(tableOptions);
  const [itemToDelete, setItemToDelete] = useState<Item | null>(null);
  const headingId = `${id}-heading`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a panel's columns are fixed; requestDelete only sets state
  const tableColumns = useMemo(() => columns?.(setItemToDelete) ?? [], []);

  function confirmDelete(item: Item) {
    deletion.remove(item).then(
      () => {
        toast.success(deletion.succeeded);
        setItemToDelete(null);
      },
      (error: unknown) => {
        toast.error(deletion.failed, { description: serverMessageOr(error, deletion.failedFallback) });
        setItemToDelete(null);
      },
    );
  }

  const EmptyIcon = empty.icon;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {add && (
          <Button onClick={add.onClick}>
            <PlusIcon aria-hidden="true" /> {add.label}
          </Button>
        )}
      </div>
      <DataTable
        label={label}
        table={table}
        columns={tableColumns}
        {...wholeListRows(query, table)}
        getRowId={(item) => String(item.id)}
        loadingLabel={loadingLabel}
        errorTitle={fetchError}
        isCardsOnly={columns === undefined}
        cardListClassName={cardListClassName}
        renderCard={(item) => renderCard(item, () => setItemToDelete(item))}
        empty={<DataTableEmpty icon={<EmptyIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title={empty.text} />}
      />
      {children}
      <ConfirmDeleteDialog
        item={itemToDelete}
        title={deletion.title}
        description={itemToDelete ? deletion.description(itemToDelete) : ''}
        isDeleting={deletion.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setItemToDelete(null);
        }}
      />
    </section>
  );
}
