/**
 * The frame of an admin editor for a Markdown document with a title, a slug and a publish switch (a content page,
 * a campaign's landing page), shown in the list's place: "All …" back to the list and a link to the live address,
 * the heading, the kit's Form with the document's fields, and Cancel / save at the foot. The keyboard starts on the
 * first field.
 *
 *   <DocumentEditor form={form} firstField="title" heading="New page" backLabel="All pages" liveHref={…}
 *     onClose={onClose} onSubmit={save} onError={…} submitLabel="Create Page">…fields…</DocumentEditor>
 */
import { ArrowLeftIcon, ExternalLinkIcon, PlusIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Form } from '~/components/form';
import { Button } from '~/components/ui/button';
import type { useInPageEditor } from '~/lib/return-focus';

export function DocumentEditor<Values extends FieldValues, Output>({
  form,
  firstField,
  heading,
  backLabel,
  liveHref,
  onClose,
  onSubmit,
  onError,
  submitLabel,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  firstField: Path<Values>;
  heading: string;
  /** Back to the list ("All pages"). */
  backLabel: string;
  /** The document's public address while it is live (`/p/about`), else null. */
  liveHref: string | null;
  onClose(): void;
  onSubmit(values: Output): Promise<unknown>;
  onError(error: unknown): void;
  submitLabel: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const { isSubmitting } = form.formState;

  // The editor replaces the list: the keyboard starts on its first field.
  useEffect(() => form.setFocus(firstField), [form, firstField]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="ghost" className="-ml-2" onClick={onClose}>
          <ArrowLeftIcon aria-hidden="true" /> {backLabel}
        </Button>
        {liveHref && (
          <a
            href={liveHref}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-w-0 items-center gap-1 text-sm font-medium break-all text-primary hover:underline"
          >
            View {liveHref} <ExternalLinkIcon aria-hidden="true" className="size-4 shrink-0" />
          </a>
        )}
      </div>
      <h2 id={headingId} className="text-xl font-semibold break-words">
        {heading}
      </h2>
      <Form form={form} onSubmit={onSubmit} onError={onError}>
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/**
 * A list of documents with their editor in its place: "New …" in the page's header, the editor while one is open
 * (`renderEditor(null)` for a new one), and the list, kept mounted (hidden) under the editor so that closing it gives
 * focus back to the button that opened it.
 */
export function DocumentListScreen<Item extends { id: number }>({
  editor,
  Actions,
  newLabel,
  renderEditor,
  children,
}: {
  editor: ReturnType<typeof useInPageEditor<Item | 'new'>>;
  /** Where the page's header buttons go (the route passes AdminPageActions). */
  Actions: ComponentType<{ children: ReactNode }>;
  newLabel: string;
  renderEditor(item: Item | null): ReactNode;
  children: ReactNode;
}) {
  const { editing } = editor;
  return (
    <>
      {editing !== null && (
        <div key={editing === 'new' ? 'new' : editing.id}>{renderEditor(editing === 'new' ? null : editing)}</div>
      )}
      <Actions>
        <Button hidden={editing !== null} onClick={() => editor.open('new')}>
          <PlusIcon aria-hidden="true" /> {newLabel}
        </Button>
      </Actions>
      <div hidden={editing !== null}>{children}</div>
    </>
  );
}
