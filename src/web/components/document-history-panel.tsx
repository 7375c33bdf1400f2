/**
 * A document's History (issue 39 §1, decisions 0064 and 0080) — a post's, a page's or a campaign's: its revisions
 * newest first (who, when, saved / published / autosave / restored), the word diff from the saved document to the
 * chosen revision (what a restore would change), and Restore, which asks first and saves the revision's fields as a
 * new revision, so nothing is lost. A restore someone else's save beat (409) asks again, naming them, and "Restore
 * anyway" restores over their version, which stays in the history: never a silent overwrite, never a dead end.
 * What differs between the kinds is one `DocumentHistory` (lib/document-versions.ts).
 *
 *   <DocumentHistoryPanel history={pageHistory} documentId={page.id} saved={page} version={page.version}
 *     open={isOpen} onOpenChange={setIsOpen} onRestored={(page) => …} />
 */
import { useState } from 'react';
import { REVISION_KIND_LABELS, type RevisionSummary, type VersionConflict } from '../../shared/schemas/revisions';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { conflictSentence } from '~/components/version-conflict-dialog';
import { WordDiffView } from '~/components/word-diff-view';
import { serverMessageOr } from '~/lib/api-client';
import { type DocumentHistory, formatSavedAt, versionConflictOf } from '~/lib/document-versions';
import { toast } from '~/lib/toast';
import { cn } from '~/lib/utils';

export interface DocumentHistoryPanelProps<Id, Fields, Document extends Fields> {
  history: DocumentHistory<Id, Fields, Document>;
  documentId: Id;
  /** The document as saved now: the diff's left side. */
  saved: Fields;
  /** The version the editor read: what a restore names. */
  version: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The document as the restore saved it. */
  onRestored(document: Document): void;
}

const whenOf = (revision: RevisionSummary) => formatSavedAt(revision.createdAt);

export function DocumentHistoryPanel<Id, Fields, Document extends Fields>({
  history,
  documentId,
  saved,
  version,
  open,
  onOpenChange,
  onRestored,
}: DocumentHistoryPanelProps<Id, Fields, Document>) {
  const { noun, api } = history;
  const revisions = api.useRevisions(documentId, open);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = api.useRevision(documentId, chosenId);
  const [isAsking, setIsAsking] = useState(false);
  // The save that beat a restore (its 409): the question names it, and the next try restores over its version.
  const [beaten, setBeaten] = useState<VersionConflict | null>(null);
  const restore = api.useRestore(documentId);
  const items = revisions.data?.items ?? [];
  const chosenSummary = items.find((item) => item.id === chosenId) ?? null;
  const stopAsking = () => {
    setIsAsking(false);
    setBeaten(null);
  };

  async function confirmRestore() {
    if (chosenId === null) return;
    let restored: Document;
    try {
      restored = await restore.mutateAsync({ revisionId: chosenId, version: beaten?.version ?? version });
    } catch (error) {
      const conflict = versionConflictOf(error);
      if (conflict) {
        setBeaten(conflict);
        return;
      }
      stopAsking();
      toast.error('Failed to restore the revision', { description: serverMessageOr(error, history.saveFailed) });
      return;
    }
    stopAsking();
    setChosenId(null);
    onOpenChange(false);
    toast.success('Revision restored', { description: 'The version you replaced is kept in the history.' });
    onRestored(restored);
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="flex w-full flex-col gap-4 overflow-y-auto sm:max-w-xl">
        <SheetHeader>
          <SheetTitle>History</SheetTitle>
          <SheetDescription>
            Every save, publish and autosave of this {noun}. Choose one to see what it would change.
          </SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-4 px-4 pb-4">
          {revisions.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the history...
            </p>
          ) : revisions.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Failed to load the history
            </p>
          ) : (
            <ul aria-label="Revisions" className="flex flex-col gap-1">
              {items.map((revision) => (
                <li key={revision.id}>
                  <button
                    type="button"
                    aria-pressed={revision.id === chosenId}
                    onClick={() => setChosenId(revision.id)}
                    className={cn(
                      'flex w-full flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      revision.id === chosenId && 'border-primary bg-accent',
                    )}
                  >
                    <Badge variant={revision.kind === 'publish' ? 'default' : 'secondary'}>{REVISION_KIND_LABELS[revision.kind]}</Badge>
                    <span className="font-medium">{revision.createdByName ?? 'Someone'}</span>
                    <span className="text-muted-foreground">{whenOf(revision)}</span>
                    {revision.version === version && revision.kind !== 'autosave' && <span className="text-xs text-muted-foreground">(current)</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {chosenId !== null && (
            <section aria-label="Changes" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">From the saved {noun} to this revision</h3>
              {chosen.data ? (
                <>
                  <WordDiffView before={history.textOf(saved)} after={history.textOf(chosen.data.fields)} />
                  <Button type="button" className="self-start" onClick={() => setIsAsking(true)}>
                    Restore
                  </Button>
                </>
              ) : (
                <p role="status" className="text-sm text-muted-foreground">
                  {chosen.isError ? 'Failed to load the revision' : 'Loading the revision...'}
                </p>
              )}
            </section>
          )}
        </div>
        <ConfirmDialog
          open={isAsking}
          onOpenChange={(next) => !next && stopAsking()}
          title={beaten ? 'Restore over their save?' : `Restore the revision of ${chosenSummary ? whenOf(chosenSummary) : 'this date'}?`}
          description={
            beaten
              ? `${conflictSentence(beaten, noun)} Restoring now replaces their version as a new save; theirs is kept in the history.`
              : `Its ${history.restores} replace the ${noun}'s as a new save. The ${noun} stays ${history.keeps} as it is, and the version you replace is kept in the history.`
          }
          confirmLabel={beaten ? 'Restore anyway' : 'Restore'}
          pendingLabel="Restoring..."
          isPending={restore.isPending}
          onConfirm={() => void confirmRestore()}
        />
      </SheetContent>
    </Sheet>
  );
}
