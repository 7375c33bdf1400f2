/**
 * The post's History (issue 39 §1, decision 0064): its revisions newest first (who, when, saved / published /
 * autosave / restored), the word diff from the saved post to the chosen revision (what a restore would change), and
 * Restore, which asks first and saves the revision's fields as a new revision, so nothing is lost.
 */
import { useState } from 'react';
import { REVISION_KIND_LABELS, type RevisionSummary } from '../../../../shared/schemas/revisions';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { cn } from '~/lib/utils';
import { formatDateTime } from '../post-form';
import { usePostRevision, usePostRevisions, useRestorePostRevision } from '../api/post-revisions';
import { WordDiffView } from './word-diff-view';

export interface HistoryPanelProps {
  postId: string;
  /** The post as saved now: the diff's left side and the version a restore names. */
  current: { title: string; content: string; version: number };
  open: boolean;
  onOpenChange(open: boolean): void;
  onRestored(): void;
}

const whenOf = (revision: RevisionSummary) => formatDateTime(new Date(revision.createdAt));

export function HistoryPanel({ postId, current, open, onOpenChange, onRestored }: HistoryPanelProps) {
  const revisions = usePostRevisions(postId, open);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = usePostRevision(postId, chosenId);
  const [isAsking, setIsAsking] = useState(false);
  const restore = useRestorePostRevision();
  const items = revisions.data?.items ?? [];
  const chosenSummary = items.find((item) => item.id === chosenId) ?? null;

  async function confirmRestore() {
    if (chosenId === null) return;
    try {
      await restore.mutateAsync({ postId, revisionId: chosenId, version: current.version });
    } catch (error) {
      setIsAsking(false);
      toast.error('Failed to restore the revision', { description: serverMessageOr(error, 'Failed to save blog post') });
      return;
    }
    setIsAsking(false);
    onOpenChange(false);
    toast.success('Revision restored', { description: 'The version you replaced is kept in the history.' });
    onRestored();
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="flex w-full flex-col gap-4 overflow-y-auto sm:max-w-xl">
        <SheetHeader>
          <SheetTitle>History</SheetTitle>
          <SheetDescription>Every save, publish and autosave of this post. Choose one to see what it would change.</SheetDescription>
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
                    {revision.version === current.version && revision.kind !== 'autosave' && <span className="text-xs text-muted-foreground">(current)</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {chosenId !== null && (
            <section aria-label="Changes" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">From the saved post to this revision</h3>
              {chosen.data ? (
                <>
                  <WordDiffView before={`${current.title}\n\n${current.content}`} after={`${chosen.data.fields.title}\n\n${chosen.data.fields.content}`} />
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
          onOpenChange={(next) => !next && setIsAsking(false)}
          title={`Restore the revision of ${chosenSummary ? whenOf(chosenSummary) : 'this date'}?`}
          description="Its title, content and other text replace the post's as a new save. The post stays published or a draft as it is, and the version you replace is kept in the history."
          confirmLabel="Restore"
          pendingLabel="Restoring..."
          isPending={restore.isPending}
          onConfirm={() => void confirmRestore()}
        />
      </SheetContent>
    </Sheet>
  );
}
