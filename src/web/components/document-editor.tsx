/**
 * The frame of an admin editor for a Markdown document with a title, a slug and a publish switch (a content page,
 * a campaign's landing page), shown in the list's place: "All …" back to the list, History and a link to the live
 * address, the heading, the kit's Form with the document's fields, and Cancel / save at the foot. The keyboard
 * starts on the first field.
 *
 * A saved document keeps versions and revisions (issue 39 §1–§2, decision 0080), given as `versions`: a save names the
 * version the editor read, and when someone saved in between, the 409 opens the conflict dialog (Review their
 * changes, Overwrite, Copy mine), never a silent overwrite; while there are unsaved changes the editor autosaves
 * them every AUTOSAVE_INTERVAL_MS as an autosave revision (the live document never changes); History lists the
 * revisions, diffs one against the saved document and restores it into the editor.
 *
 *   <DocumentEditor form={form} firstField="title" heading={(saved) => saved ? `Edit “${saved.title}”` : 'New page'} backLabel="All pages" liveHref={…}
 *     versions={page && { history: pageHistory, document: page, … }} onClose={onClose}
 *     onSubmit={(values, version) => save(values, version)} onError={…} submitLabel="Create Page">
 *     …fields…
 *   </DocumentEditor>
 */
import { ArrowLeftIcon, ExternalLinkIcon, HistoryIcon, PlusIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { VersionConflict } from '../../shared/schemas/revisions';
import { DocumentHistoryPanel } from '~/components/document-history-panel';
import { PresenceNotice } from '~/components/presence-notice';
import { Form } from '~/components/form';
import { Button } from '~/components/ui/button';
import { VersionConflictDialog } from '~/components/version-conflict-dialog';
import { type DocumentHistory, useAutosave, versionConflictOf } from '~/lib/document-versions';
import type { useInPageEditor } from '~/lib/return-focus';

/** What a saved document's editor needs to keep its versions (`Values`: the form's). */
export interface EditorVersions<Values, Fields, Document extends Fields & { id: number; version: number }> {
  history: DocumentHistory<number, Fields, Document>;
  /** The document as the editor opened it: the first save names its version. */
  document: Document;
  /** The form's values as the document's fields: what the conflict's diff and Copy mine read. */
  fieldsOf(values: Values): Fields;
  /** A document's values for the form: the editor shows a restored revision's. */
  valuesOf(document: Document): Values;
  /** Autosaves the editor's fields, typed over `version`. */
  autosave(fields: Fields, version: number): Promise<unknown>;
}

export function DocumentEditor<
  Values extends FieldValues,
  Output,
  Fields,
  Document extends Fields & { id: number; version: number },
>({
  form,
  firstField,
  heading,
  backLabel,
  liveHref,
  versions = null,
  onClose,
  onSubmit,
  onError,
  submitLabel,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  firstField: Path<Values>;
  /** The heading over the document as saved (null while new): a restore renames it. */
  heading(document: Document | null): string;
  /** Back to the list ("All pages"). */
  backLabel: string;
  /** The document's public address while it is live (`/p/about`), else null. */
  liveHref: string | null;
  /** A saved document's versions; null for a new one. */
  versions?: EditorVersions<Values, Fields, Document> | null;
  onClose(): void;
  /** The save; `version`: the one the editor read (undefined for a new document). */
  onSubmit(values: Output, version: number | undefined): Promise<unknown>;
  onError(error: unknown): void;
  submitLabel: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const { isDirty, isSubmitting } = form.formState;
  // The document as saved: a restore replaces it, and the next save names its version.
  const [saved, setSaved] = useState(versions?.document ?? null);
  // A save someone else beat: the values sent, and the server's word on who saved.
  const [conflict, setConflict] = useState<{ values: Output; conflict: VersionConflict } | null>(null);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);

  // The editor replaces the list: the keyboard starts on its first field.
  useEffect(() => form.setFocus(firstField), [form, firstField]);

  // Unsaved changes, as an autosave revision on the server (a new document has none: `versions` is null).
  useAutosave(
    versions !== null && saved !== null && isDirty,
    () => ({ fields: versions?.fieldsOf(form.getValues()), version: saved?.version ?? 0 }),
    ({ fields, version }) => (versions && fields ? versions.autosave(fields, version) : Promise.resolve()),
  );

  /** A stale version opens the conflict dialog; any other refusal goes on to the Form (field errors, `onError`). */
  async function save(values: Output, version = saved?.version) {
    try {
      await onSubmit(values, version);
    } catch (error) {
      const beaten = versions && versionConflictOf(error);
      if (!beaten) throw error;
      setConflict({ values, conflict: beaten });
    }
  }

  /** Overwrite: the values sent, again, over the version the 409 named. */
  function overwrite() {
    if (!conflict) return;
    void form
      .handleSubmit(() => save(conflict.values, conflict.conflict.version))()
      .catch((error: unknown) => {
        setConflict(null);
        onError(error);
      });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="ghost" className="-ml-2" onClick={onClose}>
          <ArrowLeftIcon aria-hidden="true" /> {backLabel}
        </Button>
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
          {versions && (
            <Button type="button" variant="outline" size="sm" onClick={() => setIsHistoryOpen(true)}>
              <HistoryIcon aria-hidden="true" /> History
            </Button>
          )}
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
      </div>
      <h2 id={headingId} className="text-xl font-semibold break-words">
        {heading(saved)}
      </h2>
      {versions && saved && <PresenceNotice documentPath={versions.history.api.path(saved.id)} noun={versions.history.noun} />}
      <Form form={form} onSubmit={(values) => save(values)} onError={onError}>
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
      {versions && saved && (
        <>
          <VersionConflictDialog
            history={versions.history}
            documentId={saved.id}
            conflict={conflict?.conflict ?? null}
            mine={versions.fieldsOf(form.getValues())}
            isPending={isSubmitting}
            onOverwrite={overwrite}
            onClose={() => setConflict(null)}
          />
          <DocumentHistoryPanel
            history={versions.history}
            documentId={saved.id}
            saved={saved}
            version={saved.version}
            open={isHistoryOpen}
            onOpenChange={setIsHistoryOpen}
            onRestored={(document) => {
              setSaved(document);
              form.reset(versions.valuesOf(document));
            }}
          />
        </>
      )}
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
