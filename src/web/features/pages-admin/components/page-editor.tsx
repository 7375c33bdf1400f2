import { ArrowLeftIcon, ExternalLinkIcon } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { CreatePageSchema, type Page } from '../../../../shared/schemas/pages';
import { useCreatePage, useUpdatePage } from '../api/admin-pages';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The blog's Markdown editor (CodeMirror), passed in by the route (features do not import each other). */
export type MarkdownEditorComponent = ComponentType<{ value: string; onChange(value: string): void; invalid?: boolean }>;

interface Values {
  title: string;
  slug: string;
  content: string;
  meta_description: string;
  is_published: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Create / edit a page (issue 12): title, slug (blank: from the title), Markdown content with Preview, meta description. */
export function PageEditor({ page, Editor: MarkdownEditor, onClose }: { page: Page | null; Editor: MarkdownEditorComponent; onClose(): void }) {
  const id = useId();
  const create = useCreatePage();
  const update = useUpdatePage();
  const [values, setValues] = useState<Values>({
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    content: page?.content ?? '',
    meta_description: page?.metaDescription ?? '',
    // Spec §3: a new page is a draft until published.
    is_published: page?.isPublished ?? false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const isSaving = create.isPending || update.isPending;

  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = CreatePageSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      if (page) {
        await update.mutateAsync({ id: page.id, changes: values });
        toast.success('Page saved');
      } else {
        await create.mutateAsync(values);
        toast.success('Page created');
      }
      onClose();
    } catch (error) {
      const message = serverMessageOr(error, 'Failed to save page');
      if (/slug/i.test(message)) setErrors((current) => ({ ...current, slug: message }));
      toast.error(message);
    }
  }

  const invalid = (key: keyof Values) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});
  const error = (key: keyof Values) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form noValidate aria-label={page ? 'Edit page' : 'New page'} onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="ghost" onClick={onClose}>
          <ArrowLeftIcon aria-hidden="true" /> All pages
        </Button>
        {page?.isPublished && (
          <a href={`/p/${page.slug}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
            View /p/{page.slug} <ExternalLinkIcon aria-hidden="true" className="size-4" />
          </a>
        )}
      </div>
      <h2 className="text-xl font-semibold">{page ? `Edit “${page.title}”` : 'New page'}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-title`}>Title *</Label>
          <Input id={`${id}-title`} value={values.title} onChange={(event) => set('title', event.target.value)} {...invalid('title')} />
          {error('title')}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-slug`}>Slug</Label>
          <Input id={`${id}-slug`} value={values.slug} placeholder="Generated from the title" onChange={(event) => set('slug', event.target.value)} {...invalid('slug')} />
          {error('slug') ?? <p className="text-xs text-muted-foreground">The page lives at /p/{values.slug || '…'}</p>}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <span className="text-sm leading-none font-medium">Content</span>
        <MarkdownEditor value={values.content} onChange={(content) => set('content', content)} invalid={Boolean(errors.content)} />
        {error('content')}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-meta`}>Meta description</Label>
        <Textarea id={`${id}-meta`} rows={2} value={values.meta_description} onChange={(event) => set('meta_description', event.target.value)} {...invalid('meta_description')} />
        {error('meta_description') ?? <p className="text-xs text-muted-foreground">{values.meta_description.length}/160 recommended for search results</p>}
      </div>
      <Label className="flex items-center gap-2">
        <Switch checked={values.is_published} onCheckedChange={(checked) => set('is_published', checked)} /> Published
      </Label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : page ? 'Save Page' : 'Create Page'}
        </Button>
      </div>
    </form>
  );
}
