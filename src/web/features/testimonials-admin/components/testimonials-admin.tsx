import { PencilIcon, PlusIcon, QuoteIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import { type TestimonialFilters, TESTIMONIALS_PAGE_SIZE, useDeleteTestimonial, useTestimonials, useUpdateTestimonial } from '../api/admin-testimonials';
import { Avatar, Stars } from '~/components/testimonial-avatar';
import { TestimonialFormDialog } from './testimonial-form-dialog';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Pager } from '~/components/pager';
import { Badge } from '~/components/ui/badge';
import { ListEmpty, ListError, ListFilter, ListLoadingTable, ListSearch } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { Switch } from '~/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

const TYPING_DELAY_MS = 300;
const PUBLISHED_OPTIONS = [
  { value: 'all', label: 'All testimonials' },
  { value: 'true', label: 'Published' },
  { value: 'false', label: 'Unpublished' },
] as const;
const TESTIMONIAL_COLUMNS = ['Customer', 'Testimonial', 'Rating', 'Published', 'Actions'];

/** /admin/testimonials (issue 12): search, published filter, publish toggle per row, add/edit dialog, delete. */
export function TestimonialsAdmin({ Actions }: { /** Where the page's header buttons go (the route passes AdminPageActions). */ Actions: ComponentType<{ children: ReactNode }> }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TestimonialFilters>({ q: '', published: 'all', offset: 0 });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Testimonial | null>(null);
  const [toDelete, setToDelete] = useState<Testimonial | null>(null);
  // Publishing puts a testimonial on the home page: the switch asks first (issue 26 §2).
  const [toPublish, setToPublish] = useState<{ testimonial: Testimonial; isPublished: boolean } | null>(null);
  const query = useTestimonials(filters);
  const update = useUpdateTestimonial();
  const remove = useDeleteTestimonial();

  useEffect(() => {
    const timer = setTimeout(() => setFilters((current) => (current.q === search ? current : { ...current, q: search, offset: 0 })), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const openForm = (testimonial: Testimonial | null) => {
    setEditing(testimonial);
    setFormOpen(true);
  };

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

  const items = query.data?.items ?? [];
  const publishSwitch = (testimonial: Testimonial) => (
    <Switch
      checked={testimonial.isPublished}
      onCheckedChange={(checked) => setToPublish({ testimonial, isPublished: checked })}
      aria-label={`Published: ${testimonial.customerName}`}
      disabled={update.isPending && update.variables?.id === testimonial.id}
    />
  );
  const actions = (testimonial: Testimonial) => (
    <span className="inline-flex gap-1">
      <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${testimonial.customerName}`} onClick={() => openForm(testimonial)}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost-destructive" size="icon" aria-label={`Delete ${testimonial.customerName}`} onClick={() => setToDelete(testimonial)}>
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
  );
  const role = (testimonial: Testimonial) => [testimonial.customerTitle, testimonial.customerCompany].filter(Boolean).join(', ');

  return (
    <>
      <Actions>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Add Testimonial
        </Button>
      </Actions>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ListSearch label="Search testimonials" placeholder="Search name, company or text" value={search} onChange={setSearch} />
        <ListFilter
          label="Published filter"
          value={filters.published}
          options={PUBLISHED_OPTIONS}
          onChange={(published) => setFilters((current) => ({ ...current, published, offset: 0 }))}
        />
      </div>

      {query.isPending ? (
        <ListLoadingTable label="Loading testimonials..." columns={TESTIMONIAL_COLUMNS} />
      ) : query.isError ? (
        <ListError what="testimonials" error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty icon={QuoteIcon} title={filters.q || filters.published !== 'all' ? 'No testimonials match.' : 'No testimonials yet.'}>
          <p className="text-muted-foreground">Published testimonials show on the home page.</p>
          <Button variant="outline" onClick={() => openForm(null)}>
            <PlusIcon aria-hidden="true" /> Add Testimonial
          </Button>
        </ListEmpty>
      ) : (
        <>
          <div className="hidden md:block">
            <Table aria-label="Testimonials">
              <TableHeader>
                <TableRow>
                  <TableHead>Customer</TableHead>
                  <TableHead>Testimonial</TableHead>
                  <TableHead className="w-32">Rating</TableHead>
                  <TableHead className="w-28">Published</TableHead>
                  <TableHead className="w-28 text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((testimonial) => (
                  <TableRow key={testimonial.id} data-testid="testimonial-row">
                    <TableCell className="max-w-64 whitespace-normal">
                      <span className="flex items-center gap-3">
                        <Avatar name={testimonial.customerName} url={testimonial.avatarUrl} size="size-9 text-sm" />
                        <span className="min-w-0">
                          <span className="flex items-center gap-1 font-medium wrap-anywhere">
                            {testimonial.customerName}
                            {testimonial.isFeatured && <StarIcon aria-label="Featured" className="size-3.5 fill-idea text-idea" />}
                          </span>
                          <span className="block text-sm text-muted-foreground wrap-anywhere">{role(testimonial)}</span>
                        </span>
                      </span>
                    </TableCell>
                    <TableCell className="max-w-96 text-sm whitespace-normal text-muted-foreground">
                      <span className="line-clamp-2 wrap-anywhere">{testimonial.testimonialText}</span>
                    </TableCell>
                    <TableCell>{testimonial.rating ? <Stars rating={testimonial.rating} className="size-3.5" /> : '—'}</TableCell>
                    <TableCell>{publishSwitch(testimonial)}</TableCell>
                    <TableCell className="text-right">{actions(testimonial)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Testimonials">
            {items.map((testimonial) => (
              <li key={testimonial.id} data-testid="testimonial-card" className="flex flex-col gap-3 rounded-lg border p-4">
                <div className="flex items-center gap-3">
                  <Avatar name={testimonial.customerName} url={testimonial.avatarUrl} size="size-10 text-sm" />
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere">{testimonial.customerName}</p>
                    <p className="text-sm text-muted-foreground wrap-anywhere">{role(testimonial)}</p>
                  </div>
                </div>
                <p className="line-clamp-3 text-sm text-muted-foreground wrap-anywhere">{testimonial.testimonialText}</p>
                <div className="flex flex-wrap items-center gap-2">
                  {testimonial.rating ? <Stars rating={testimonial.rating} className="size-3.5" /> : null}
                  {testimonial.isFeatured && <Badge variant="outline">Featured</Badge>}
                </div>
                <div className="flex items-center justify-between gap-3">
                  <span className="flex items-center gap-2">
                    {publishSwitch(testimonial)}
                    <Badge variant={testimonial.isPublished ? 'success' : 'secondary'}>{testimonial.isPublished ? 'Published' : 'Draft'}</Badge>
                  </span>
                  {actions(testimonial)}
                </div>
              </li>
            ))}
          </ul>
          <Pager
            offset={filters.offset}
            pageSize={TESTIMONIALS_PAGE_SIZE}
            total={query.data?.total ?? 0}
            isBusy={query.isPlaceholderData}
            onOffsetChange={(offset) => setFilters((current) => ({ ...current, offset }))}
          />
        </>
      )}

      <TestimonialFormDialog open={formOpen} testimonial={editing} onOpenChange={setFormOpen} />
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
