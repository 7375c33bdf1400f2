/**
 * Between the posts list and the editor's own route (decision 0072), in the history entry's state: the list's
 * search going in (so leaving the editor returns to the list as it was), and on the way back the post whose Edit
 * takes focus (null: New Post). A reload keeps both, since the router keeps the state in the history entry.
 */
interface ToEditorState {
  listSearch: string;
}

interface BackToListState {
  returnFocusTo: string | null;
}

export function toEditorState(listSearch: string): ToEditorState {
  return { listSearch };
}

/** `?q=…&status=…` of the list the editor was opened from, or '' (opened from ⌘K or a link). */
export function listSearchOf(state: unknown): string {
  const search = typeof state === 'object' && state !== null && 'listSearch' in state ? (state as ToEditorState).listSearch : '';
  return typeof search === 'string' && (search === '' || search.startsWith('?')) ? search : '';
}

export function returnFocusState(postId: string | null): BackToListState {
  return { returnFocusTo: postId };
}

/** The post (its id, or null for New Post) the list gives focus back to; undefined when not back from the editor. */
export function returnFocusOf(state: unknown): string | null | undefined {
  if (typeof state !== 'object' || state === null || !('returnFocusTo' in state)) return undefined;
  const target = (state as BackToListState).returnFocusTo;
  return typeof target === 'string' || target === null ? target : undefined;
}
