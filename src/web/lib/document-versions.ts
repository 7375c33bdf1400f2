/**
 * A document that keeps versions and revisions on the client — a blog post, a page, a campaign (issue 39 §1–§2,
 * decisions 0064 and 0080), written once: the 409 of a save someone else beat, the document's history calls (its
 * revisions, one revision, a restore, the editor's autosave) and the editor's autosave timer. What the History panel
 * and the conflict dialog need of each kind is one `DocumentHistory` value, made in the feature.
 *
 *   export const pageRevisions = documentHistoryApi<number, PageRevision, Page, AutosavePage>({
 *     path: (pageId) => `/api/pages/${pageId}`, key: pageKeys.revisions, invalidates: pageKeys.all });
 */
import {
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import {
  AUTOSAVE_INTERVAL_MS,
  type RevisionList,
  type RevisionSummary,
  type VersionConflict,
  VersionConflictSchema,
} from '../../shared/schemas/revisions';
import { ApiError, apiRequest } from './api-client';
import { adminQueryDefaults } from './query-client';

/** The 409 of a save whose version was stale (someone saved since), or null for any other error. */
export function versionConflictOf(error: unknown): VersionConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = VersionConflictSchema.safeParse((error.body as { conflict?: unknown } | undefined)?.conflict);
  return parsed.success ? parsed.data : null;
}

/** A document's history calls: `{path}/revisions`, `{path}/revisions/{id}`, its `/restore`, `{path}/autosave`. */
export interface DocumentHistoryApi<Id, Revision, Document, Autosave> {
  /** The document's address (`/api/pages/12`): its history, its autosave and its presence stream sit under it. */
  path(documentId: Id): string;
  useRevisions(documentId: Id, isEnabled: boolean): UseQueryResult<RevisionList>;
  /** One revision with its fields; null: none chosen yet. */
  useRevision(documentId: Id, revisionId: number | null): UseQueryResult<Revision>;
  /** Saves a revision's fields as a new save, naming the version read; answers the document as saved. */
  useRestore(documentId: Id): UseMutationResult<Document, Error, { revisionId: number; version: number }>;
  /** The editor's unsaved text as an autosave revision: the live document never changes. */
  autosave(documentId: Id, body: Autosave): Promise<RevisionSummary>;
}

export function documentHistoryApi<Id extends string | number, Revision, Document, Autosave>({
  path,
  key,
  invalidates,
}: {
  /** The document's address (`/api/pages/12`). */
  path(documentId: Id): string;
  /** Its history's query key; a revision's is that key and the revision's id. */
  key(documentId: Id): QueryKey;
  /** What a restore makes stale: the document and the lists that show it. */
  invalidates: QueryKey;
}): DocumentHistoryApi<Id, Revision, Document, Autosave> {
  return {
    path,
    useRevisions(documentId, isEnabled) {
      return useQuery({
        queryKey: key(documentId),
        queryFn: ({ signal }) => apiRequest<RevisionList>(`${path(documentId)}/revisions`, { signal }),
        enabled: isEnabled,
        ...adminQueryDefaults,
      });
    },
    useRevision(documentId, revisionId) {
      return useQuery({
        queryKey: [...key(documentId), revisionId ?? 0],
        queryFn: ({ signal }) => apiRequest<Revision>(`${path(documentId)}/revisions/${revisionId ?? 0}`, { signal }),
        enabled: revisionId !== null,
        ...adminQueryDefaults,
      });
    },
    useRestore(documentId) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ revisionId, version }: { revisionId: number; version: number }) =>
          apiRequest<Document>(`${path(documentId)}/revisions/${revisionId}/restore`, {
            method: 'POST',
            body: { version },
          }),
        onSettled: () => queryClient.invalidateQueries({ queryKey: invalidates }),
      });
    },
    autosave: (documentId, body) =>
      apiRequest<RevisionSummary>(`${path(documentId)}/autosave`, { method: 'POST', body }),
  };
}

/**
 * What the History panel and the conflict dialog know of one kind of document: what to call it, what a restore
 * brings back and what it leaves, the text its diffs compare, and its calls.
 */
export interface DocumentHistory<Id, Fields, Document extends Fields = Fields> {
  /** "post": "Someone else saved this post", "Every save … of this post". */
  noun: string;
  /** What a restore brings back, in its question: "title, content and other text". */
  restores: string;
  /** The states a restore leaves as they are: "published or a draft". */
  keeps: string;
  /** A failed restore's toast when the server gives no reason: "Failed to save blog post". */
  saveFailed: string;
  /** The text the diffs compare, from the saved document, a revision's fields or the editor's values. */
  textOf(fields: Fields): string;
  api: Pick<DocumentHistoryApi<Id, { fields: Fields }, Document, never>, 'path' | 'useRevisions' | 'useRevision' | 'useRestore'>;
  /** The document as saved now, read only when asked (null: not asked): what "Review their changes" shows. */
  useSaved(documentId: Id | null): UseQueryResult<Fields>;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** When a revision or a save was made, as the History and the conflict dialog say it ("Dec 1, 2026, 9:30 AM"). */
export const formatSavedAt = (at: string) => dateTimeFormat.format(new Date(at));

/** A document's texts as one text for a diff, paragraph by paragraph (empty ones left out). */
export const documentText = (...texts: Array<string | null | undefined>) => texts.filter(Boolean).join('\n\n');

/**
 * Autosave (issue 39 §1): while `isEnabled` (the editor has unsaved changes), every AUTOSAVE_INTERVAL_MS sends what
 * `read` gives, only when it moved since the last send. A failed one is sent again at the next tick with the text
 * of then (the browser's own draft still holds it).
 */
export function useAutosave<Body>(isEnabled: boolean, read: () => Body, send: (body: Body) => Promise<unknown>): void {
  const lastSent = useRef('');
  const tick = useEffectEvent(() => {
    const body = read();
    const sent = JSON.stringify(body);
    if (sent === lastSent.current) return;
    lastSent.current = sent;
    send(body).catch(() => {
      lastSent.current = '';
    });
  });
  useEffect(() => {
    if (!isEnabled) return;
    const timer = window.setInterval(() => tick(), AUTOSAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isEnabled]);
}
