/**
 * The word-level diff of the History panel and the 409's "Review their changes" (issue 39 §1–§2): the `diff`
 * package's word diff, whitespace kept in the parts so the text reads as written.
 */
import { diffWordsWithSpace } from 'diff';

export interface WordDiffPart {
  value: string;
  added: boolean;
  removed: boolean;
}

/** The parts turning `before` into `after`: kept, removed (only in `before`) and added (only in `after`). */
export function wordDiff(before: string, after: string): WordDiffPart[] {
  return diffWordsWithSpace(before, after).map((part) => ({ value: part.value, added: part.added, removed: part.removed }));
}
