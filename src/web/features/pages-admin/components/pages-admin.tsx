import type { ColumnDef } from '@tanstack/react-table';
import { FileTextIcon, PlusIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { Page } from '../../../../shared/schemas/pages';
import { PAGES_PAGE_SIZE, useDeletePage, usePages, useUpdatePage } from '../api/admin-pages';
import { PageEditor } from './page-editor';
import { ConfirmedSwitch } from '~/components/confirmed-switch';
import { DataTable, DataTableEmpty, useDataTableState } from '~/components/data-table';
import { DataTableRowActions } from '~/components/data-table-row-actions';
import {
  DataTableFilteredEmpty,
  DataTableFilters,
  DataTableSection,
  isTableFiltered,
  type StatusFilter,
  statusFilterValue,
} from '~/components/data-table-section';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { serverMessageOr } from '~/lib/api-client';
import { useInPageEditor } from '~/lib/return-focus';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

const PUBLISHED_FILTER: StatusFilter<'true' | 'false'> = {
  name: 'published',
  label: 'Published filter',
  allLabel: 'All pages',
  options: [
    { value: 'true', label: 'Published' },
    { value: 'false', label: 'Drafts' },
  ],
};
/** The list's state in the URL (`?q=about&published=false&page=2`). */
const TABLE_OPTIONS: TableStateOptions = {
  pageSizes: [PAGES_PAGE_SIZE],
  defaultPageSize: PAGES_PAGE_SIZE,
  sortable: [],
  filters: ['q', PUBLISHED_FILTER.name],
};

const updated = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * /admin/pages (issue 12) on the admin DataTable: search and published filter in the URL, publish toggle and delete
 * (each asks first), or the page editor in the list's place; the list stays mounted (hidden) under the editor, so
 * closing it gives focus back to its opener.
 */
export function PagesAdmin({
  Actions,
}: {
  /** Where the page's header buttons go (the route passes AdminPageActions). */
  Actions: ComponentType<{ children: ReactNode }>;
}) {
  const editor = useInPageEditor<Page | 'new'>();
  const { editing } = editor;
  const table = useDataTableState(TABLE_OPTIONS);
  const query = usePages({
    q: table.state.filters.q,
    published: statusFilterValue(table, PUBLISHED_FILTER),
    offset: table.offset,
  });
  const columns = pageColumns(editor.open);

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
      <div hidden={editing !== null}>
        <DataTableSection
          title="Pages"
          total={query.data?.total}
          filters={
            <DataTableFilters
              table={table}
              searchLabel="Search pages"
              searchPlaceholder="Search title or slug"
              status={PUBLISHED_FILTER}
            />
          }
        >
          <DataTable
            label="Pages"
            table={table}
            columns={columns}
            rows={query.data?.items}
            total={query.data?.total}
            getRowId={(page) => String(page.id)}
            query={query}
            loadingLabel="Loading pages..."
            errorTitle="Error loading pages"
            errorText={serverMessageOr(query.error, 'Please check your connection and try again.')}
            rowTestId="page"
            renderCard={(page) => <PageCard page={page} onEdit={editor.open} />}
            empty={
              isTableFiltered(table) ? (
                <DataTableFilteredEmpty table={table} title="No pages match." />
              ) : (
                <DataTableEmpty icon={<FileTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No pages yet.">
                  <p className="text-sm text-muted-foreground">Published pages are served at /p/their-slug.</p>
                  <Button variant="outline" onClick={() => editor.open('new')}>
                    <PlusIcon aria-hidden="true" /> New Page
                  </Button>
                </DataTableEmpty>
              )
            }
          />
        </DataTableSection>
      </div>
    </>
  );
}

/** Title, Address, Updated, Published, Actions. */
function pageColumns(onEdit: (page: Page) => void): Array<ColumnDef<Page, unknown> & { id: string }> {
  return [
    {
      id: 'title',
      header: 'Title',
      meta: { cellClassName: 'max-w-72 font-medium whitespace-normal wrap-anywhere' },
      cell: ({ row }) => row.original.title,
    },
    {
      id: 'address',
      header: 'Address',
      meta: { label: 'Address', cellClassName: 'max-w-64 whitespace-normal' },
      cell: ({ row }) => <PageAddress page={row.original} />,
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      meta: { label: 'Updated', headClassName: 'w-36', cellClassName: 'text-sm text-muted-foreground' },
      cell: ({ row }) => <UpdatedAt page={row.original} />,
    },
    {
      id: 'published',
      header: 'Published',
      meta: { label: 'Published', headClassName: 'w-28' },
      cell: ({ row }) => <PublishSwitch page={row.original} />,
    },
    {
      id: 'actions',
      header: () => <span className="block text-right">Actions</span>,
      enableHiding: false,
      meta: { headClassName: 'w-28', cellClassName: 'text-right' },
      cell: ({ row }) => <PageActions page={row.original} onEdit={onEdit} />,
    },
  ];
}

/** A page under 768 px: title and address on the card's whole width, then its date, state and actions. */
function PageCard({ page, onEdit }: { page: Page; onEdit(page: Page): void }) {
  return (
    <>
      <p className="font-medium wrap-anywhere">{page.title}</p>
      <PageAddress page={page} />
      <p className="text-xs text-muted-foreground">
        Updated <UpdatedAt page={page} />
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="flex items-center gap-2">
          <PublishSwitch page={page} />
          <Badge variant={page.isPublished ? 'success' : 'secondary'}>{page.isPublished ? 'Published' : 'Draft'}</Badge>
        </span>
        <PageActions page={page} onEdit={onEdit} />
      </div>
    </>
  );
}

function PageAddress({ page }: { page: Page }) {
  return page.isPublished ? (
    <a href={`/p/${page.slug}`} className="text-sm wrap-anywhere text-primary hover:underline">
      /p/{page.slug}
    </a>
  ) : (
    <span className="text-sm wrap-anywhere text-muted-foreground">/p/{page.slug}</span>
  );
}

function UpdatedAt({ page }: { page: Page }) {
  return <time dateTime={page.updatedAt}>{updated.format(new Date(page.updatedAt))}</time>;
}

function PublishSwitch({ page }: { page: Page }) {
  const update = useUpdatePage();
  return (
    <ConfirmedSwitch
      label={`Published: ${page.title}`}
      checked={page.isPublished}
      confirmation={(isOn) =>
        isOn
          ? {
              title: `Publish “${page.title}”?`,
              description: `It is served at /p/${page.slug} and listed in the footer.`,
              confirmLabel: 'Publish',
              pendingLabel: 'Publishing...',
            }
          : {
              title: `Unpublish “${page.title}”?`,
              description: `/p/${page.slug} will answer 404 and the footer stops listing it.`,
              confirmLabel: 'Unpublish',
              pendingLabel: 'Unpublishing...',
              isDestructive: true,
            }
      }
      onConfirm={async (isOn) => {
        try {
          await update.mutateAsync({ id: page.id, changes: { is_published: isOn } });
          toast.success(isOn ? 'Page published' : 'Page unpublished', { description: `“${page.title}” at /p/${page.slug}` });
        } catch (error) {
          toast.error('Failed to update page', { description: serverMessageOr(error, 'Please try again.') });
        }
      }}
    />
  );
}

function PageActions({ page, onEdit }: { page: Page; onEdit(page: Page): void }) {
  const remove = useDeletePage();
  return (
    <DataTableRowActions
      name={page.title}
      onEdit={() => onEdit(page)}
      deletion={{
        title: `Delete the page “${page.title}”?`,
        description: `/p/${page.slug} will answer 404. This cannot be undone.`,
        run: async () => {
          try {
            await remove.mutateAsync(page.id);
            toast.success('Page deleted', { description: `“${page.title}”` });
          } catch (error) {
            toast.error('Failed to delete page', { description: serverMessageOr(error, 'Please try again.') });
          }
        },
      }}
    />
  );
}
