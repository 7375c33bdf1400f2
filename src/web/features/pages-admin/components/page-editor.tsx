import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CreatePageSchema, type Page } from '../../../../shared/schemas/pages';
import { useCreatePage, useUpdatePage } from '../api/admin-pages';
import { pageHistory, pageRevisions } from '../api/page-revisions';
import { DocumentEditor } from '~/components/document-editor';
import { InputField, SwitchField, TextareaField } from '~/components/form';
import { MarkdownField } from '~/components/markdown-field';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { SlugField } from '~/components/slug-field';

/** Search engines show about this many characters of a description. */
const META_DESCRIPTION_SHOWN = 160;

interface PageFormValues {
  title: string;
  slug: string;
  content: string;
  meta_description: string;
  is_published: boolean;
}
type PageFormOutput = z.output<typeof CreatePageSchema>;

const toFormValues = (page: Page | null): PageFormValues => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  content: page?.content ?? '',
  meta_description: page?.metaDescription ?? '',
  // Spec §3: a new page is a draft until published.
  is_published: page?.isPublished ?? false,
});

/**
 * Create / edit a page (issue 12) on the admin kit: title, slug (blank: made from the title), Markdown content with
 * its Preview, meta description, Published. The shared schema checks it here as on the server; a slug the server
 * finds taken shows under Slug. A saved page keeps its versions (issue 39, decision 0080): History, autosave, and
 * the conflict dialog when someone else saved since it was opened (DocumentEditor).
 */
export function PageEditor({ page, onClose }: { page: Page | null; onClose(): void }) {
  const create = useCreatePage();
  const update = useUpdatePage();
  const form = useForm<PageFormValues, unknown, PageFormOutput>({
    resolver: zodResolver(CreatePageSchema) as unknown as Resolver<PageFormValues, unknown, PageFormOutput>,
    defaultValues: toFormValues(page),
  });
  const metaLength = useWatch({ control: form.control, name: 'meta_description' }).length;

  async function save(values: PageFormOutput, version: number | undefined) {
    if (page) {
      // Published is sent only when changed here: a publish from the list since this opened stays (decision 0080).
      const { is_published, ...content } = values;
      const changes = { ...content, ...(is_published !== page.isPublished ? { is_published } : {}), version };
      const saved = await update.mutateAsync({ id: page.id, changes });
      toast.success('Page saved', { description: `“${saved.title}” at /p/${saved.slug}` });
    } else {
      const saved = await create.mutateAsync(values);
      toast.success('Page created', { description: `“${saved.title}” at /p/${saved.slug}` });
    }
    onClose();
  }

  return (
    <DocumentEditor
      form={form}
      firstField="title"
      heading={(saved) => (saved ? `Edit “${saved.title}”` : 'New page')}
      backLabel="All pages"
      liveHref={page?.isPublished ? `/p/${page.slug}` : null}
      versions={
        page && {
          history: pageHistory,
          document: page,
          fieldsOf: ({ title, content, meta_description }) => ({ title, content, metaDescription: meta_description }),
          valuesOf: (document) => toFormValues(document),
          // A blank title (being retyped) is left out: the revision keeps the saved one, and the rest is still kept.
          autosave: (fields, version) => pageRevisions.autosave(page.id, { ...fields, title: fields.title.trim() || undefined, version }),
        }
      }
      onClose={onClose}
      onSubmit={save}
      onError={(error) =>
        toast.error('Failed to save page', { description: serverMessageOr(error, 'Please try again.') })
      }
      submitLabel={page ? 'Save Page' : 'Create Page'}
    >
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <InputField name="title" label="Title" required />
        <SlugField madeFrom="title" livesAt="The page lives at /p/" />
      </div>
      <MarkdownField name="content" label="Content" />
      <TextareaField
        name="meta_description"
        label="Meta description"
        description={`${metaLength}/${META_DESCRIPTION_SHOWN} characters shown in search results`}
        rows={2}
      />
      <SwitchField
        className="rounded-lg border p-4"
        name="is_published"
        label="Published"
        description="A published page is served at its address and listed in the footer."
      />
    </DocumentEditor>
  );
}
