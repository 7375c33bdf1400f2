/**
 * /admin/blog (spec §2 Blog management): New Post in the header, the four summary cards, then the tabs (Posts, Ads &
 * Monetization, Analytics, Categories & Tags). New Post and Edit open the post editor's own route (decision 0072);
 * back from it, focus goes to the post's Edit (or New Post). A draft left in this browser (a closed tab with the
 * editor open) reopens its editor. An author (decision 0050, posts.write without content.manage) gets the Posts tab
 * alone, without the site-wide cards the API would refuse.
 */
import { PlusIcon } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { can, roleOfUser } from '../../../../shared/permissions';
import type { AdminBlogPost } from '../../../../shared/schemas/blog';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { useAuth } from '~/lib/auth';
import { postEditorHref } from '~/lib/record-href';
import { focusWhenShown } from '~/lib/focus-when-shown';
import { returnFocusOf, toEditorState } from '../editor-navigation';
import { loadDraft } from '../post-form';
import { PostsPanel } from './posts-panel';
import { SummaryCards } from './summary-cards';

// The other tabs load when opened: the screen's first load stays within the admin's 250 KB (docs/architecture.md §8).
const AdsPanel = lazy(() => import('./ads-panel').then((module) => ({ default: module.AdsPanel })));
const AnalyticsPanel = lazy(() => import('./analytics-panel').then((module) => ({ default: module.AnalyticsPanel })));
const CategoriesPanel = lazy(() => import('./categories-panel').then((module) => ({ default: module.CategoriesPanel })));
const TagsPanel = lazy(() => import('./tags-panel').then((module) => ({ default: module.TagsPanel })));

/** A tab's place while its code loads. */
function PanelLoading() {
  return (
    <Card aria-busy="true">
      <CardContent className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading...
        </span>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </CardContent>
    </Card>
  );
}

type Tab = 'posts' | 'ads' | 'analytics' | 'categories';

/**
 * `Actions` puts the New Post button beside the page heading (the route passes the admin shell's AdminPageActions).
 * The screen renders only in the browser, behind the admin gate, so reading the stored draft is safe.
 */
export function BlogAdminScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState<Tab>('posts');
  const mayManageContent = can(roleOfUser(useAuth().user), 'content.manage');

  const openEditor = useCallback(
    (post: AdminBlogPost | null) => void navigate(postEditorHref(post?.id ?? null), { state: toEditorState(location.search) }),
    [navigate, location.search],
  );

  // A draft left in this browser (the tab closed with the editor open) reopens its editor, which restores it.
  useEffect(() => {
    const draft = loadDraft();
    if (draft) void navigate(postEditorHref(draft.postId), { replace: true, state: toEditorState(location.search) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list opens
  }, []);

  // Back from the editor (decision 0052, 0072): focus on the post's Edit once the list shows it, New Post for a new
  // post; when the list does not hold the post (filtered out), the page's heading.
  const returnTo = returnFocusOf(location.state);
  useEffect(() => {
    if (returnTo === undefined) return;
    return focusWhenShown(() => {
      if (returnTo === null) return [...document.querySelectorAll<HTMLElement>('main button')].find((button) => button.textContent?.trim() === 'New Post') ?? null;
      const edit = document.querySelector<HTMLElement>(`main [data-row-key="${CSS.escape(returnTo)}"] button[aria-label^="Edit "]`);
      if (edit) return edit;
      const isListShown = document.querySelector('main ul[aria-label="Blog posts"]') !== null || document.querySelector('main [data-testid="posts-empty"]') !== null;
      return isListShown ? document.querySelector<HTMLElement>('main h1') : null;
    });
  }, [returnTo, location.key]);

  return (
    <>
      <Actions>
        <Button onClick={() => openEditor(null)}>
          <PlusIcon aria-hidden="true" /> New Post
        </Button>
      </Actions>
      {mayManageContent && <SummaryCards />}
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:flex sm:h-10 sm:w-fit">
          <TabsTrigger value="posts">Posts</TabsTrigger>
          {mayManageContent && (
            <>
              <TabsTrigger value="ads">Ads &amp; Monetization</TabsTrigger>
              <TabsTrigger value="analytics">Analytics</TabsTrigger>
              <TabsTrigger value="categories">Categories &amp; Tags</TabsTrigger>
            </>
          )}
        </TabsList>
        <TabsContent value="posts" className="mt-4">
          <PostsPanel onEdit={openEditor} />
        </TabsContent>
        <TabsContent value="ads" className="mt-4">
          <Suspense fallback={<PanelLoading />}>
            <AdsPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="analytics" className="mt-4">
          <Suspense fallback={<PanelLoading />}>
            <AnalyticsPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="categories" className="mt-4">
          <Suspense fallback={<PanelLoading />}>
            <div className="flex flex-col gap-10">
              <CategoriesPanel />
              <TagsPanel />
            </div>
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}
