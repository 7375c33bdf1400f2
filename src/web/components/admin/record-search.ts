/**
 * The ⌘K palette's record search (issue 26 §1): a lead by e-mail, a post by title, a user by e-mail, through the
 * admin list endpoints' own search parameters (`GET /api/leads?q=`, `/api/blog-posts?q=`, `/api/users?search=`),
 * a few of each, asked once typing pauses. Each found record opens its screen filtered to it (lib/record-href.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListUsersResponse } from '../../../shared/schemas/accounts';
import type { AdminBlogPostList } from '../../../shared/schemas/blog';
import type { LeadPage } from '../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { recordHref } from '~/lib/record-href';

export const RECORD_SEARCH_DELAY_MS = 250;
export const RECORD_SEARCH_MIN_LENGTH = 2;
const PER_KIND = 5;

export interface FoundRecord {
  kind: RecordKind;
  key: string;
  title: string;
  detail?: string;
  href: string;
}

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
      found.push({ kind: 'Lead', key: `lead-${lead.id}`, title: lead.email, detail: lead.source ?? undefined, href: recordHref('lead', lead.email)! });
    }
  }
  if (posts.status === 'fulfilled') {
    for (const post of posts.value.items) {
      found.push({ kind: 'Post', key: `post-${post.id}`, title: post.title, detail: post.status, href: recordHref('blog_post', post.title)! });
    }
  }
  if (users.status === 'fulfilled') {
    for (const user of users.value.users) {
      found.push({ kind: 'User', key: `user-${user.id}`, title: user.email, detail: user.username, href: recordHref('user', user.email)! });
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
