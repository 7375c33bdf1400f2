/**
 * A word-level diff as text (issue 39 §1): kept words plain, removed ones struck through, added ones marked, so the
 * History panel and "Review their changes" read as the post, page or campaign reads. `<del>`/`<ins>` carry the
 * meaning for screen readers; the colours only repeat it.
 */
import { useMemo } from 'react';
import { wordDiff } from '../../shared/word-diff';
import { cn } from '~/lib/utils';

export function WordDiffView({ before, after, className }: { before: string; after: string; className?: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  const isSame = parts.every((part) => !part.added && !part.removed);
  return (
    <div data-slot="word-diff" className={cn('max-h-80 overflow-y-auto rounded-md border bg-muted/30 p-3 text-sm whitespace-pre-wrap wrap-anywhere', className)}>
      {isSame ? (
        <p className="text-muted-foreground">No differences.</p>
      ) : (
        parts.map((part, index) =>
          part.removed ? (
            <del key={index} className="bg-destructive/15 text-foreground line-through">
              {part.value}
            </del>
          ) : part.added ? (
            <ins key={index} className="bg-success/15 text-foreground no-underline">
              {part.value}
            </ins>
          ) : (
            <span key={index}>{part.value}</span>
          ),
        )
      )}
    </div>
  );
}
