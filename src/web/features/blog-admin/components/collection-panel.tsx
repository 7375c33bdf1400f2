/**
 * The one shape of the blog's collection panels (ads, categories, tags — issue 26 §3: they were near-copies): a
 * heading with its Add button, skeletons while loading, the spec's fetch error with Retry, an empty state, the
 * items, and the delete confirmation that names the item and stays open until the delete has answered.
 */
import { AlertTriangleIcon, type LucideIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { ListEmpty, ListLoading } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { serverMessageOr } from '~/lib/api-client';
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

export function CollectionPanel<Item extends { id: number }>({
  id,
  title,
  description,
  add,
  query,
  loadingLabel,
  fetchError,
  empty,
  listLabel,
  listClassName,
  renderItem,
  deletion,
  children,
}: {
  id: string;
  title: string;
  description: string;
  /** The Add button's words and action (none: items come from elsewhere, as tags come from posts). */
  add?: { label: string; onClick(): void };
  query: UseQueryResult<Item[]>;
  loadingLabel: string;
  /** Spec §8: 'Failed to fetch blog ads', … */
  fetchError: string;
  empty: { icon: LucideIcon; text: string };
  listLabel: string;
  listClassName: string;
  /** One item; `requestDelete` opens the confirmation for it. */
  renderItem(item: Item, requestDelete: () => void): ReactNode;
  deletion: Deletion<Item>;
  /** The panel's form dialog. */
  children?: ReactNode;
}) {
  const [itemToDelete, setItemToDelete] = useState<Item | null>(null);
  const headingId = `${id}-heading`;

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

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
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
      {query.isPending ? (
        <ListLoading label={loadingLabel} />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border py-10 text-center">
          <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
          <p className="text-destructive">{fetchError}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <ListEmpty icon={empty.icon} title={empty.text} />
      ) : (
        <ul aria-label={listLabel} className={listClassName}>
          {query.data.map((item) => (
            <li key={item.id} className="min-w-0">
              {renderItem(item, () => setItemToDelete(item))}
            </li>
          ))}
        </ul>
      )}
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
