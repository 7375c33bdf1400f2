/**
 * The ⌘K palette's record search (issue 26 §1): a lead by e-mail, a post by title, a user by e-mail, through the
 * admin list endpoints' own search parameters (`GET /api/leads?q=`, `/api/blog-posts?q=`, `/api/users?search=`),
 * a few of each, asked once typing pauses. A lead or a user opens its screen filtered to it (lib/record-href.ts)
 * and, there, the record itself (lib/open-record.ts, issue 37 §5); a post opens its editor's own address. The records opened last are kept in this
 * browser and come first: on their own while nothing is typed, and before the others among the matches.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListUsersResponse } from '../../../shared/schemas/accounts';
import type { AdminBlogPostList } from '../../../shared/schemas/blog';
import type { LeadPage } from '../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { postEditorHref, recordHref } from '~/lib/record-href';

export const RECORD_SEARCH_DELAY_MS = 250;
export const RECORD_SEARCH_MIN_LENGTH = 2;
const PER_KIND = 5;

export interface FoundRecord {
  kind: RecordKind;
  key: string;
  /** The record's id on its screen (lib/open-record.ts). */
  id: string;
  title: string;
  detail?: string;
  href: string;
  /** Where closing the record returns: its list filtered to it (a post's editor is a page of its own). */
  listSearch?: string;
}

/** A post opens its editor; closing that returns to the posts list filtered to it (decision 0072). */
const postLinks = (id: string, title: string) => ({ href: postEditorHref(id), listSearch: `?${new URLSearchParams({ q: title })}` });

/** What ⌘K can look up; a role is given only the kinds its permissions read (decision 0050). */
export const RECORD_KINDS = ['Lead', 'Post', 'User'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export async function searchRecords(text: string, kinds: readonly RecordKind[] = RECORD_KINDS, signal?: AbortSignal): Promise<FoundRecord[]> {
  const q = encodeURIComponent(text);
  const unasked = Promise.reject(new Error('not asked'));
  unasked.catch(() => undefined);
  // One kind failing (a slow list, a permission) leaves the others' results.
  const [leads, posts, users] = await Promise.allSettled([
    kinds.includes('Lead') ? apiRequest<LeadPage>(`/api/leads?q=${q}&limit=${PER_KIND}`, { signal }) : unasked,
    kinds.includes('Post') ? apiRequest<AdminBlogPostList>(`/api/blog-posts?q=${q}&limit=${PER_KIND}`, { signal }) : unasked,
    kinds.includes('User') ? apiRequest<ListUsersResponse>(`/api/users?search=${q}&limit=${PER_KIND}`, { signal }) : unasked,
  ] as const);
  const found: FoundRecord[] = [];
  if (leads.status === 'fulfilled') {
    for (const lead of leads.value.items) {
      found.push({ kind: 'Lead', key: `lead-${lead.id}`, id: String(lead.id), title: lead.email, detail: lead.source ?? undefined, href: recordHref('lead', lead.email)! });
    }
  }
  if (posts.status === 'fulfilled') {
    for (const post of posts.value.items) {
      found.push({ kind: 'Post', key: `post-${post.id}`, id: post.id, title: post.title, detail: post.status, ...postLinks(post.id, post.title) });
    }
  }
  if (users.status === 'fulfilled') {
    for (const user of users.value.users) {
      found.push({ kind: 'User', key: `user-${user.id}`, id: String(user.id), title: user.email, detail: user.username, href: recordHref('user', user.email)! });
    }
  }
  return found;
}

/** The records matching what was typed, once typing has paused; nothing under two characters. */
export function useRecordSearch(text: string, kinds: readonly RecordKind[] = RECORD_KINDS) {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), RECORD_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const isEnabled = settled.length >= RECORD_SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['palette-records', settled, kinds],
    queryFn: ({ signal }) => searchRecords(settled, kinds, signal),
    enabled: isEnabled && kinds.length > 0,
    ...adminQueryDefaults,
  });
  return { records: isEnabled ? (query.data ?? []) : [], isSearching: isEnabled && query.isFetching, isWaiting: text.trim() !== settled };
}

const RECENT_KEY = 'admin-recent-records';
const RECENT_MAX = 5;

function isFoundRecord(value: unknown): value is FoundRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    RECORD_KINDS.includes(record.kind as RecordKind) &&
    ['key', 'id', 'title', 'href'].every((name) => typeof record[name] === 'string') &&
    (record.detail === undefined || typeof record.detail === 'string') &&
    (record.href as string).startsWith('/admin/')
  );
}

/** The records opened last from the palette, newest first, of the kinds the role may look up. */
export function recentRecords(kinds: readonly RecordKind[] = RECORD_KINDS): FoundRecord[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    return stored
      .filter(isFoundRecord)
      .filter((record) => kinds.includes(record.kind))
      .slice(0, RECENT_MAX)
      // A post remembered before the editor had its own address (decision 0072) opens there too.
      .map((record) => (record.kind === 'Post' ? { ...record, ...postLinks(record.id, record.title) } : record));
  } catch {
    // Storage off or spoilt: no recent records.
    return [];
  }
}

export function rememberRecord(record: FoundRecord): void {
  const { kind, key, id, title, detail, href } = record;
  const next = [{ kind, key, id, title, detail, href }, ...recentRecords().filter((recent) => recent.key !== key)].slice(0, RECENT_MAX);
  try {
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Kept for this page only: nothing to do.
  }
}

/** The matches with the records opened last first, otherwise in the server's order. */
export function recentFirst(records: FoundRecord[], recent: FoundRecord[]): FoundRecord[] {
  const rank = (record: FoundRecord) => {
    const index = recent.findIndex((item) => item.key === record.key);
    return index === -1 ? recent.length : index;
  };
  return records.map((record, index) => ({ record, index })).sort((a, b) => rank(a.record) - rank(b.record) || a.index - b.index).map(({ record }) => record);
}
