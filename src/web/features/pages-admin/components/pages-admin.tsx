import { FileTextIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { Page } from '../../../../shared/schemas/pages';
import { type PageFilters, PAGES_PAGE_SIZE, useDeletePage, usePages, useUpdatePage } from '../api/admin-pages';
import { PageEditor } from './page-editor';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { Pager } from '~/components/pager';
import { Badge } from '~/components/ui/badge';
import { ListEmpty, ListError, ListSearch, ListLoadingTable } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { serverMessageOr } from '~/lib/api-client';
import { useInPageEditor } from '~/lib/return-focus';
import { toast } from '~/lib/toast';

/** The list's columns, shown over the skeleton rows while it loads. */
const PAGE_COLUMNS = ['Title', 'Address', 'Updated', 'Published', 'Actions'];

const TYPING_DELAY_MS = 300;
const updated = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * /admin/pages (issue 12): the list (search, published filter, publish toggle, delete) or the page editor in its
 * place; the list stays mounted (hidden) under the editor, so closing it gives focus back to its opener.
 */
export function PagesAdmin({
  Actions,
}: {
  /** Where the page's header buttons go (the route passes AdminPageActions). */
  Actions: ComponentType<{ children: ReactNode }>;
}) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<PageFilters>({ q: '', published: 'all', offset: 0 });
  const editor = useInPageEditor<Page | 'new'>();
  const { editing } = editor;
  const [toDelete, setToDelete] = useState<Page | null>(null);
  const query = usePages(filters);
  const update = useUpdatePage();
  const remove = useDeletePage();

  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((current) => (current.q === search ? current : { ...current, q: search, offset: 0 })),
      TYPING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);

  function togglePublished(page: Page, isPublished: boolean) {
    update.mutate(
      { id: page.id, changes: { is_published: isPublished } },
      {
        onSuccess: () =>
          toast.success(isPublished ? 'Page published' : 'Page unpublished', {
            description: `“${page.title}” at /p/${page.slug}`,
          }),
        onError: (error) =>
          toast.error('Failed to update page', { description: serverMessageOr(error, 'Please try again.') }),
      },
    );
  }

  function confirmDelete(page: Page) {
    remove.mutate(page.id, {
      onSuccess: () => {
        toast.success('Page deleted', { description: `“${page.title}”` });
        setToDelete(null);
      },
      onError: (error) =>
        toast.error('Failed to delete page', { description: serverMessageOr(error, 'Please try again.') }),
    });
  }

  const items = query.data?.items ?? [];
  const publishSwitch = (page: Page) => (
    <Switch
      checked={page.isPublished}
      onCheckedChange={(checked) => togglePublished(page, checked)}
      aria-label={`Published: ${page.title}`}
      disabled={update.isPending && update.variables?.id === page.id}
    />
  );
  const actions = (page: Page) => (
    <span className="inline-flex gap-1">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Edit ${page.title}`}
        onClick={() => editor.open(page)}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost-destructive"
        size="icon"
        aria-label={`Delete ${page.title}`}
        onClick={() => setToDelete(page)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
  );
  const slugLink = (page: Page) =>
    page.isPublished ? (
      <a href={`/p/${page.slug}`} className="text-sm wrap-anywhere text-primary hover:underline">
        /p/{page.slug}
      </a>
    ) : (
      <span className="text-sm wrap-anywhere text-muted-foreground">/p/{page.slug}</span>
    );

  return (
    <>
      {editing !== null && (
        <PageEditor
          key={editing === 'new' ? 'new' : editing.id}
          page={editing === 'new' ? null : editing}
          onClose={editor.close}
        />
      )}
      <Actions>
        <Button hidden={editing !== null} onClick={() => editor.open('new')}>
          <PlusIcon aria-hidden="true" /> New Page
        </Button>
      </Actions>
      <div hidden={editing !== null} className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <ListSearch label="Search pages" placeholder="Search title or slug" value={search} onChange={setSearch} />
          <Select
            value={filters.published}
            onValueChange={(value) =>
              setFilters((current) => ({ ...current, published: value as PageFilters['published'], offset: 0 }))
            }
          >
            <SelectTrigger aria-label="Published filter" className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All pages</SelectItem>
              <SelectItem value="true">Published</SelectItem>
              <SelectItem value="false">Drafts</SelectItem>
            </SelectContent>
          </Select>
        </div>

        {query.isPending ? (
          <ListLoadingTable label="Loading pages..." columns={PAGE_COLUMNS} />
        ) : query.isError ? (
          <ListError what="pages" error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <ListEmpty
            icon={FileTextIcon}
            title={filters.q || filters.published !== 'all' ? 'No pages match.' : 'No pages yet.'}
          >
            <p className="text-muted-foreground">Published pages are served at /p/their-slug.</p>
            <Button variant="outline" onClick={() => editor.open('new')}>
              <PlusIcon aria-hidden="true" /> New Page
            </Button>
          </ListEmpty>
        ) : (
          <>
            <div className="hidden md:block">
              <Table aria-label="Pages">
                <TableHeader>
                  <TableRow>
                    <TableHead>Title</TableHead>
                    <TableHead>Address</TableHead>
                    <TableHead className="w-36">Updated</TableHead>
                    <TableHead className="w-28">Published</TableHead>
                    <TableHead className="w-28 text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((page) => (
                    <TableRow key={page.id} data-testid="page-row">
                      <TableCell className="max-w-72 font-medium whitespace-normal wrap-anywhere">
                        {page.title}
                      </TableCell>
                      <TableCell className="max-w-64 whitespace-normal">{slugLink(page)}</TableCell>
                      <TableCell className="text-sm text-muted-foreground">
                        {updated.format(new Date(page.updatedAt))}
                      </TableCell>
                      <TableCell>{publishSwitch(page)}</TableCell>
                      <TableCell className="text-right">{actions(page)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden" aria-label="Pages">
              {items.map((page) => (
                <li key={page.id} data-testid="page-card" className="flex flex-col gap-2 rounded-lg border p-4">
                  <p className="font-medium wrap-anywhere">{page.title}</p>
                  {slugLink(page)}
                  <p className="text-xs text-muted-foreground">Updated {updated.format(new Date(page.updatedAt))}</p>
                  <div className="flex items-center justify-between gap-3">
                    <span className="flex items-center gap-2">
                      {publishSwitch(page)}
                      <Badge variant={page.isPublished ? 'success' : 'secondary'}>
                        {page.isPublished ? 'Published' : 'Draft'}
                      </Badge>
                    </span>
                    {actions(page)}
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              offset={filters.offset}
              pageSize={PAGES_PAGE_SIZE}
              total={query.data?.total ?? 0}
              isBusy={query.isPlaceholderData}
              onOffsetChange={(offset) => setFilters((current) => ({ ...current, offset }))}
            />
          </>
        )}
      </div>

      <ConfirmDeleteDialog
        item={toDelete}
        title={toDelete ? `Delete the page “${toDelete.title}”?` : ''}
        description={toDelete ? `/p/${toDelete.slug} will answer 404. This cannot be undone.` : ''}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </>
  );
}
