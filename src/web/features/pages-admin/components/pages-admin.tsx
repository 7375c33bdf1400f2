import type { ColumnDef } from '@tanstack/react-table';
import { FileTextIcon, PlusIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import type { Page } from '../../../../shared/schemas/pages';
import { PAGES_PAGE_SIZE, useDeletePage, usePages, useUpdatePage } from '../api/admin-pages';
import { PageEditor } from './page-editor';
import {
  actionsColumn,
  ContentCard,
  ContentList,
  contentListSetup,
  nameColumn,
  statusColumn,
  StatusSwitch,
  useContentList,
} from '~/components/content-list';
import { DataTableRowActions } from '~/components/data-table-row-actions';
import { DocumentListScreen } from '~/components/document-editor';
import { Button } from '~/components/ui/button';
import { useInPageEditor } from '~/lib/return-focus';

/** The list's state in the URL (`?q=about&published=false&page=2`). */
const PAGES = contentListSetup('published', 'All pages', PAGES_PAGE_SIZE);

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
  const list = useContentList(PAGES, usePages);
  const columns = useMemo(() => pageColumns(editor.open), [editor.open]);

  return (
    <DocumentListScreen
      editor={editor}
      Actions={Actions}
      newLabel="New Page"
      renderEditor={(page) => <PageEditor page={page} onClose={editor.close} />}
    >
      <ContentList
        {...list}
        title="Pages"
        noun="pages"
        search={{ label: 'Search pages', placeholder: 'Search title or slug' }}
        columns={columns}
        rowTestId="page"
        renderCard={(page) => <PageCard page={page} onEdit={editor.open} />}
        empty={{
          icon: FileTextIcon,
          title: 'No pages yet.',
          children: (
            <>
              <p className="text-sm text-muted-foreground">Published pages are served at /p/their-slug.</p>
              <Button variant="outline" onClick={() => editor.open('new')}>
                <PlusIcon aria-hidden="true" /> New Page
              </Button>
            </>
          ),
        }}
      />
    </DocumentListScreen>
  );
}

/** Title, Address, Updated, Published, Actions. */
function pageColumns(onEdit: (page: Page) => void): Array<ColumnDef<Page, unknown> & { id: string }> {
  return [
    nameColumn('title', 'Title', (page) => page.title),
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
    statusColumn('published', (page) => <PublishSwitch page={page} />),
    actionsColumn((page) => <PageActions page={page} onEdit={onEdit} />),
  ];
}

/** A page under 768 px: title and address on the card's whole width, then its date, state and actions. */
function PageCard({ page, onEdit }: { page: Page; onEdit(page: Page): void }) {
  return (
    <ContentCard
      title={page.title}
      kind="published"
      isOn={page.isPublished}
      statusSwitch={<PublishSwitch page={page} />}
      actions={<PageActions page={page} onEdit={onEdit} />}
    >
      <PageAddress page={page} />
      <p className="text-xs text-muted-foreground">
        Updated <UpdatedAt page={page} />
      </p>
    </ContentCard>
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
    <StatusSwitch
      kind="published"
      name={page.title}
      isOn={page.isPublished}
      effects={[
        `It is served at /p/${page.slug} and listed in the footer.`,
        `/p/${page.slug} will answer 404 and the footer stops listing it.`,
      ]}
      change={(isOn) => update.mutateAsync({ id: page.id, changes: { is_published: isOn } })}
      toasts={{
        done: (isOn) => (isOn ? 'Page published' : 'Page unpublished'),
        description: `“${page.title}” at /p/${page.slug}`,
        failed: 'Failed to update page',
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
        remove: () => remove.mutateAsync(page.id),
        done: 'Page deleted',
        doneDescription: `“${page.title}”`,
        failed: 'Failed to delete page',
      }}
    />
  );
}
