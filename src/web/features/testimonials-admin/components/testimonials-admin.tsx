import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, QuoteIcon, StarIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import { TESTIMONIALS_PAGE_SIZE, useDeleteTestimonial, useTestimonials, useUpdateTestimonial } from '../api/admin-testimonials';
import { Avatar, Stars } from '~/components/testimonial-avatar';
import { TestimonialFormDialog } from './testimonial-form-dialog';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { DataTable, DataTableEmpty, pagedRows, useDataTableState } from '~/components/data-table';
import { DataTableSearch } from '~/components/data-table-search';
import { ListFilter, loadErrorText } from '~/components/list-states';
import { ROW_ACTIONS_HEADER, RowActions } from '~/components/row-actions';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Switch } from '~/components/ui/switch';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

/** The list's state in the URL (`?q=ada&published=false&page=2`): a reload shows the same view. */
const TABLE_OPTIONS: TableStateOptions = {
  pageSizes: [TESTIMONIALS_PAGE_SIZE],
  defaultPageSize: TESTIMONIALS_PAGE_SIZE,
  sortable: [],
  filters: ['q', 'published'],
};
const PUBLISHED_OPTIONS = [
  { value: 'all', label: 'All testimonials' },
  { value: 'true', label: 'Published' },
  { value: 'false', label: 'Unpublished' },
] as const;

interface RowHandlers {
  onEdit(testimonial: Testimonial): void;
  onDelete(testimonial: Testimonial): void;
  onRequestPublish(testimonial: Testimonial, isPublished: boolean): void;
  busyId: number | undefined;
}

/** /admin/testimonials (issue 12): search, published filter, publish toggle per row, add/edit dialog, delete. */
export function TestimonialsAdmin({ Actions }: { /** Where the page's header buttons go (the route passes AdminPageActions). */ Actions: ComponentType<{ children: ReactNode }> }) {
  const table = useDataTableState(TABLE_OPTIONS);
  const { q } = table.state.filters;
  const published = PUBLISHED_OPTIONS.find((option) => option.value !== 'all' && option.value === table.state.filters.published)?.value as
    | 'true'
    | 'false'
    | undefined;
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Testimonial | null>(null);
  const [toDelete, setToDelete] = useState<Testimonial | null>(null);
  // Publishing puts a testimonial on the home page: the switch asks first (issue 26 §2).
  const [toPublish, setToPublish] = useState<{ testimonial: Testimonial; isPublished: boolean } | null>(null);
  const query = useTestimonials({ q, published, offset: table.offset });
  const update = useUpdateTestimonial();
  const remove = useDeleteTestimonial();

  const openForm = (testimonial: Testimonial | null) => {
    setEditing(testimonial);
    setFormOpen(true);
  };
  const busyId = update.isPending ? update.variables?.id : undefined;
  const handlers: RowHandlers = { onEdit: openForm, onDelete: setToDelete, onRequestPublish: (testimonial, isPublished) => setToPublish({ testimonial, isPublished }), busyId };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers only set state; `busyId` is what changes
  const columns = useMemo(() => testimonialColumns(handlers), [busyId]);

  function togglePublished(testimonial: Testimonial, isPublished: boolean) {
    update.mutate(
      { id: testimonial.id, changes: { is_published: isPublished } },
      {
        onSuccess: () => toast.success(isPublished ? 'Testimonial published' : 'Testimonial unpublished'),
        onError: (error) => toast.error(serverMessageOr(error, 'Failed to update testimonial')),
        onSettled: () => setToPublish(null),
      },
    );
  }

  function confirmDelete(testimonial: Testimonial) {
    remove.mutate(testimonial.id, {
      onSuccess: () => {
        toast.success('Testimonial deleted');
        setToDelete(null);
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to delete testimonial')),
    });
  }

  const isFiltered = Boolean(q || published);
  return (
    <>
      <Actions>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Add Testimonial
        </Button>
      </Actions>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <DataTableSearch
          label="Search testimonials"
          placeholder="Search name, company or text"
          value={q}
          onSearch={(next) => table.setFilters({ q: next })}
          className="flex-1"
        />
        <ListFilter
          label="Published filter"
          value={published ?? 'all'}
          options={PUBLISHED_OPTIONS}
          onChange={(next) => table.setFilters({ published: next === 'all' ? undefined : next })}
        />
      </div>

      <DataTable
        label="Testimonials"
        table={table}
        columns={columns}
        {...pagedRows(query, (data) => data.items)}
        getRowId={(testimonial) => String(testimonial.id)}
        loadingLabel="Loading testimonials..."
        errorTitle={loadErrorText('testimonials', query.error)}
        renderCard={(testimonial) => <TestimonialCard testimonial={testimonial} {...handlers} />}
        empty={
          isFiltered ? (
            <DataTableEmpty title="No testimonials match.">
              <Button variant="outline" onClick={() => table.setFilters({ q: undefined, published: undefined })}>
                Clear filters
              </Button>
            </DataTableEmpty>
          ) : (
            <DataTableEmpty icon={<QuoteIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No testimonials yet.">
              <p className="text-muted-foreground">Published testimonials show on the home page.</p>
              <Button variant="outline" onClick={() => openForm(null)}>
                <PlusIcon aria-hidden="true" /> Add Testimonial
              </Button>
            </DataTableEmpty>
          )
        }
      />

      <TestimonialFormDialog open={formOpen} item={editing} onOpenChange={setFormOpen} />
      <ConfirmDialog
        open={toPublish !== null}
        onOpenChange={(open) => !open && setToPublish(null)}
        title={toPublish?.isPublished ? `Publish the testimonial from “${toPublish.testimonial.customerName}”?` : `Unpublish the testimonial from “${toPublish?.testimonial.customerName ?? ''}”?`}
        description={toPublish?.isPublished ? 'It will show on the home page.' : 'It will no longer show on the home page.'}
        confirmLabel={toPublish?.isPublished ? 'Publish' : 'Unpublish'}
        pendingLabel={toPublish?.isPublished ? 'Publishing...' : 'Unpublishing...'}
        isPending={update.isPending}
        onConfirm={() => toPublish && togglePublished(toPublish.testimonial, toPublish.isPublished)}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title="Delete testimonial?"
        description={toDelete ? `Are you sure you want to delete the testimonial from “${toDelete.customerName}”? This cannot be undone.` : ''}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </>
  );
}

const role = (testimonial: Testimonial) => [testimonial.customerTitle, testimonial.customerCompany].filter(Boolean).join(', ');

/** Customer, Testimonial, Rating, Published, Actions — the table from 768 px. */
function testimonialColumns(handlers: RowHandlers): Array<ColumnDef<Testimonial, unknown> & { id: string }> {
  return [
    {
      id: 'customer',
      header: 'Customer',
      meta: { cellClassName: 'max-w-64 whitespace-normal' },
      cell: ({ row: { original: testimonial } }) => (
        <span className="flex items-center gap-3">
          <Avatar name={testimonial.customerName} url={testimonial.avatarUrl} size="size-9 text-sm" />
          <span className="min-w-0">
            <span className="flex items-center gap-1 font-medium wrap-anywhere">
              {testimonial.customerName}
              {testimonial.isFeatured && <StarIcon aria-label="Featured" className="size-3.5 shrink-0 fill-idea text-idea" />}
            </span>
            <span className="block text-sm text-muted-foreground wrap-anywhere">{role(testimonial)}</span>
          </span>
        </span>
      ),
    },
    {
      id: 'text',
      header: 'Testimonial',
      meta: { label: 'Testimonial', cellClassName: 'max-w-96 text-sm whitespace-normal text-muted-foreground' },
      cell: ({ row }) => <span className="line-clamp-2 wrap-anywhere">{row.original.testimonialText}</span>,
    },
    {
      id: 'rating',
      header: 'Rating',
      meta: { label: 'Rating', headClassName: 'w-32' },
      cell: ({ row }) => (row.original.rating ? <Stars rating={row.original.rating} className="size-3.5" /> : '—'),
    },
    {
      id: 'published',
      header: 'Published',
      meta: { label: 'Published', headClassName: 'w-28' },
      cell: ({ row }) => <PublishSwitch testimonial={row.original} {...handlers} />,
    },
    {
      id: 'actions',
      header: ROW_ACTIONS_HEADER,
      enableHiding: false,
      meta: { headClassName: 'w-28', cellClassName: 'text-right' },
      cell: ({ row }) => <RowActions name={row.original.customerName} onEdit={() => handlers.onEdit(row.original)} onDelete={() => handlers.onDelete(row.original)} />,
    },
  ];
}

function PublishSwitch({ testimonial, onRequestPublish, busyId }: { testimonial: Testimonial } & RowHandlers) {
  return (
    <Switch
      checked={testimonial.isPublished}
      onCheckedChange={(checked) => onRequestPublish(testimonial, checked)}
      aria-label={`Published: ${testimonial.customerName}`}
      disabled={busyId === testimonial.id}
    />
  );
}

/** A testimonial under 768 px: who, what they said, rating, published switch and the row actions. */
function TestimonialCard({ testimonial, ...handlers }: { testimonial: Testimonial } & RowHandlers) {
  return (
    <div data-testid="testimonial-card" className="flex min-w-0 flex-col gap-3">
      <div className="flex items-center gap-3">
        <Avatar name={testimonial.customerName} url={testimonial.avatarUrl} size="size-10 text-sm" />
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere">{testimonial.customerName}</p>
          <p className="text-sm text-muted-foreground wrap-anywhere">{role(testimonial)}</p>
        </div>
      </div>
      <p className="line-clamp-3 text-sm text-muted-foreground wrap-anywhere">{testimonial.testimonialText}</p>
      {(Boolean(testimonial.rating) || testimonial.isFeatured) && (
        <div className="flex flex-wrap items-center gap-2">
          {testimonial.rating ? <Stars rating={testimonial.rating} className="size-3.5" /> : null}
          {testimonial.isFeatured && <Badge variant="outline">Featured</Badge>}
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2">
          <PublishSwitch testimonial={testimonial} {...handlers} />
          <Badge variant={testimonial.isPublished ? 'success' : 'secondary'}>{testimonial.isPublished ? 'Published' : 'Draft'}</Badge>
        </span>
        <RowActions name={testimonial.customerName} onEdit={() => handlers.onEdit(testimonial)} onDelete={() => handlers.onDelete(testimonial)} />
      </div>
    </div>
  );
}
