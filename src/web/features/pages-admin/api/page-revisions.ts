/**
 * A page's history (issue 39 §1, decision 0080): its revisions, one revision's fields, a restore (a new save of them,
 * with the version the editor read) and the editor's autosave (an autosave revision; the live page never changes),
 * and what the History panel and the conflict dialog call a page and compare of it.
 */
import type { AutosavePage, Page } from '../../../../shared/schemas/pages';
import type { PageRevision, PageRevisionFields } from '../../../../shared/schemas/revisions';
import { type DocumentHistory, documentHistoryApi, documentText } from '~/lib/document-versions';
import { pageKeys, usePage } from './admin-pages';

export const pageRevisions = documentHistoryApi<number, PageRevision, Page, AutosavePage>({
  path: (pageId) => `/api/pages/${pageId}`,
  key: pageKeys.revisions,
  invalidates: pageKeys.all,
});

export const pageHistory: DocumentHistory<number, PageRevisionFields, Page> = {
  noun: 'page',
  restores: 'title, content and meta description',
  keeps: 'published or a draft',
  saveFailed: 'Failed to save page',
  textOf: ({ title, content, metaDescription }) => documentText(title, content, metaDescription),
  api: pageRevisions,
  useSaved: usePage,
};
