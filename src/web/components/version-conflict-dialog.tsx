/**
 * The answer to a save someone else beat (issue 39 §2, decisions 0064 and 0080) — of a post, a page or a campaign:
 * the server refused it with a 409 naming who saved and when, and nothing of theirs or ours is lost. Three ways on,
 * never a silent overwrite: Review their changes (the word diff from this editor's text to theirs), Overwrite (save
 * again over their version) and Copy mine (the editor's text to the clipboard, to merge by hand).
 *
 *   <VersionConflictDialog history={pageHistory} documentId={page.id} conflict={conflict} mine={fieldsOfTheForm}
 *     isPending={isSaving} onOverwrite={…} onClose={…} />
 */
import { useState } from 'react';
import type { VersionConflict } from '../../shared/schemas/revisions';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { WordDiffView } from '~/components/word-diff-view';
import { type DocumentHistory, formatSavedAt } from '~/lib/document-versions';
import { toast } from '~/lib/toast';

export interface VersionConflictDialogProps<Id, Fields, Document extends Fields> {
  history: DocumentHistory<Id, Fields, Document>;
  documentId: Id;
  conflict: VersionConflict | null;
  /** The editor's fields as they were sent. */
  mine: Fields;
  isPending: boolean;
  onOverwrite(): void;
  onClose(): void;
}

/** "Sam saved this page at Dec 1, 2026, 9:30 AM while you were editing." (also the History's restore question). */
export function conflictSentence(conflict: VersionConflict, noun: string): string {
  const at = conflict.savedAt ? formatSavedAt(conflict.savedAt) : null;
  return `${conflict.savedBy ?? 'Someone'} saved this ${noun}${at ? ` at ${at}` : ''} while you were editing.`;
}

export function VersionConflictDialog<Id, Fields, Document extends Fields>({
  history,
  documentId,
  conflict,
  mine,
  isPending,
  onOverwrite,
  onClose,
}: VersionConflictDialogProps<Id, Fields, Document>) {
  const { noun } = history;
  const [isReviewing, setIsReviewing] = useState(false);
  const theirs = history.useSaved(isReviewing ? documentId : null);

  async function copyMine() {
    try {
      await navigator.clipboard.writeText(history.textOf(mine));
      toast.success('Your text is copied', { description: 'Paste it wherever you merge it.' });
    } catch {
      toast.error('Could not copy your text', { description: 'Select it in the editor and copy it by hand.' });
    }
  }

  return (
    <Dialog
      open={conflict !== null}
      onOpenChange={(open) => {
        if (open || isPending) return;
        setIsReviewing(false);
        onClose();
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Someone else saved this {noun}</DialogTitle>
          <DialogDescription>
            {conflict ? conflictSentence(conflict, noun) : ''} Your changes are not saved yet. Review their changes,
            overwrite them with yours, or copy yours to merge by hand.
          </DialogDescription>
        </DialogHeader>
        {isReviewing && (
          <section aria-label="Their changes" className="flex flex-col gap-2">
            {theirs.data ? (
              <>
                <p className="text-xs text-muted-foreground">
                  From your text to theirs: <del className="bg-destructive/15 text-foreground">struck through</del> is only in yours,{' '}
                  <ins className="bg-success/15 no-underline">marked</ins> only in theirs.
                </p>
                <WordDiffView before={history.textOf(mine)} after={history.textOf(theirs.data)} />
              </>
            ) : (
              <p role="status" className="text-sm text-muted-foreground">
                {theirs.isError ? 'Failed to load their version' : 'Loading their version...'}
              </p>
            )}
          </section>
        )}
        <DialogFooter className="flex-wrap">
          <Button type="button" variant="outline" onClick={() => setIsReviewing(true)} disabled={isReviewing}>
            Review their changes
          </Button>
          <Button type="button" variant="outline" onClick={() => void copyMine()}>
            Copy mine
          </Button>
          <Button type="button" variant="destructive" isPending={isPending} onClick={onOverwrite}>
            {isPending ? 'Saving...' : 'Overwrite'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
