import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, ExternalLinkIcon } from 'lucide-react';
import { useEffect } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CreatePageSchema, type Page } from '../../../../shared/schemas/pages';
import { useCreatePage, useUpdatePage } from '../api/admin-pages';
import { Field, Form, SwitchField } from '~/components/form';
import { MarkdownField } from '~/components/markdown-field';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

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
 * finds taken shows under Slug.
 */
export function PageEditor({ page, onClose }: { page: Page | null; onClose(): void }) {
  const create = useCreatePage();
  const update = useUpdatePage();
  const form = useForm<PageFormValues, unknown, PageFormOutput>({
    resolver: zodResolver(CreatePageSchema) as unknown as Resolver<PageFormValues, unknown, PageFormOutput>,
    defaultValues: toFormValues(page),
  });
  const { isSubmitting } = form.formState;
  const slug = useWatch({ control: form.control, name: 'slug' });
  const metaLength = useWatch({ control: form.control, name: 'meta_description' }).length;

  // The editor replaces the list: the keyboard starts on its first field.
  useEffect(() => form.setFocus('title'), [form]);

  async function save(values: PageFormOutput) {
    if (page) {
      const saved = await update.mutateAsync({ id: page.id, changes: values });
      toast.success('Page saved', { description: `“${saved.title}” at /p/${saved.slug}` });
    } else {
      const saved = await create.mutateAsync(values);
      toast.success('Page created', { description: `“${saved.title}” at /p/${saved.slug}` });
    }
    onClose();
  }

  return (
    <section aria-labelledby="page-editor-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="ghost" className="-ml-2" onClick={onClose}>
          <ArrowLeftIcon aria-hidden="true" /> All pages
        </Button>
        {page?.isPublished && (
          <a
            href={`/p/${page.slug}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-w-0 items-center gap-1 text-sm font-medium break-all text-primary hover:underline"
          >
            View /p/{page.slug} <ExternalLinkIcon aria-hidden="true" className="size-4 shrink-0" />
          </a>
        )}
      </div>
      <h2 id="page-editor-heading" className="text-xl font-semibold break-words">
        {page ? `Edit “${page.title}”` : 'New page'}
      </h2>
      <Form
        form={form}
        onSubmit={save}
        onError={(error) =>
          toast.error('Failed to save page', { description: serverMessageOr(error, 'Please try again.') })
        }
      >
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <Field name="title" label="Title" required>
            <Input {...form.register('title')} />
          </Field>
          <Field
            name="slug"
            className="wrap-anywhere"
            label="Slug"
            description={`Blank: made from the title. The page lives at /p/${slug.trim() || '…'}`}
          >
            <Input autoComplete="off" spellCheck={false} {...form.register('slug')} />
          </Field>
        </div>
        <MarkdownField name="content" label="Content" />
        <Field
          name="meta_description"
          label="Meta description"
          description={`${metaLength}/${META_DESCRIPTION_SHOWN} characters shown in search results`}
        >
          <Textarea rows={2} {...form.register('meta_description')} />
        </Field>
        <SwitchField
          className="rounded-lg border p-4"
          name="is_published"
          label="Published"
          description="A published page is served at its address and listed in the footer."
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : page ? 'Save Page' : 'Create Page'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
