/**
 * ⌘K opens a record, not only its screen (issue 37 §5): the palette navigates to the screen filtered to the record
 * (record-href.ts) and names the record in the history entry's state; the screen opens it (a lead's drawer, a
 * user's dialog, a post's editor) once its list holds it, then clears the state, so a reload or Back after closing
 * does not open it again. The record's data comes from the screen's own query, never from the palette's copy.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface OpenRecordState {
  openRecord: string;
  /** For a record with a page of its own (a post's editor): the list search that closing it returns to. */
  listSearch?: string;
}

/** The history state that asks the screen to open the record with this id. */
export function openRecordState(id: string | number, listSearch?: string): OpenRecordState {
  return listSearch === undefined ? { openRecord: String(id) } : { openRecord: String(id), listSearch };
}

function requestedId(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('openRecord' in state)) return null;
  const id = (state as OpenRecordState).openRecord;
  return typeof id === 'string' ? id : null;
}

/**
 * Opens the record the palette asked for once `find` can give it (the list has loaded it), then forgets the
 * request. `find` returns undefined while it cannot tell yet, null when the record is not there.
 */
export function useOpenRequestedRecord<T>(find: (id: string) => T | null | undefined, open: (record: T) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const id = requestedId(location.state);
  const record = id === null ? undefined : find(id);
  useEffect(() => {
    if (id === null || record === undefined) return;
    if (record !== null) open(record);
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null, preventScrollReset: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- handled once, when the record arrives; `open` is new each render
  }, [id, record]);
}
