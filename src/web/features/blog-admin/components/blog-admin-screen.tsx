/**
 * /admin/blog (spec §2 Blog management): New Post in the header, the four summary cards, then either the tabs
 * (Posts, Ads & Monetization, Analytics, Categories & Tags) or — after New Post or Edit — the post editor in their place.
 * A draft left in this browser (a reload with the editor open) reopens the editor with it. An author (decision 0050,
 * posts.write without content.manage) gets the Posts tab alone, without the site-wide cards the API would refuse.
 */
import { PlusIcon } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { can, roleOfUser } from '../../../../shared/permissions';
import type { AdminBlogPost } from '../../../../shared/schemas/blog';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { useAuth } from '~/lib/auth';
import { useOpenRequestedRecord } from '~/lib/open-record';
import { useInPageEditor } from '~/lib/return-focus';
import { toast } from '~/lib/toast';
import { loadDraft, type StoredDraft } from '../post-form';
import type { PreviewComponent } from './post-preview';
import { PostsPanel } from './posts-panel';
import { SummaryCards } from './summary-cards';

const PostEditor = lazy(() => import('./post-editor'));
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

type Editing = { postId: string | null; draft: StoredDraft | null };
type Tab = 'posts' | 'ads' | 'analytics' | 'categories';

/**
 * `Actions` puts the New Post button beside the page heading (the route passes the admin shell's AdminPageActions);
 * `Preview` draws the editor's preview with the live page's article (the route passes the public blog's).
 * The screen renders only in the browser, behind the admin gate, so reading the stored draft while rendering is safe.
 */
export function BlogAdminScreen({
  Actions,
  Preview,
}: {
  Actions: ComponentType<{ children: ReactNode }>;
  Preview: PreviewComponent;
}) {
  // Focus goes back to New Post or the post's Edit when the editor closes (decision 0052): the list comes back
  // from the query cache in the same render, and the rule finds the button again by its name or its post.
  const editor = useInPageEditor<Editing>(() => {
    const draft = loadDraft();
    return draft ? { postId: draft.postId, draft } : null;
  });
  const editing = editor.editing;
  const [tab, setTab] = useState<Tab>('posts');
  const mayManageContent = can(roleOfUser(useAuth().user), 'content.manage');
  const restoredDraft = editing?.draft ?? null;

  useEffect(() => {
    if (restoredDraft)
      toast.info('Draft restored', { description: 'Your unsaved changes from this browser are back in the editor.' });
  }, [restoredDraft]);

  const { open } = editor;
  const openEditor = useCallback((post: AdminBlogPost | null) => open({ postId: post?.id ?? null, draft: null }), [open]);
  // ⌘K on a post opens its editor (issue 37 §5); the editor loads the post itself.
  useOpenRequestedRecord((id) => id, (postId) => open({ postId, draft: null }));

  return (
    <>
      {!editing && (
        <Actions>
          <Button onClick={() => openEditor(null)}>
            <PlusIcon aria-hidden="true" /> New Post
          </Button>
        </Actions>
      )}
      {mayManageContent && <SummaryCards />}
      {editing ? (
        <Suspense
          fallback={
            <Card aria-busy="true">
              <CardContent>
                <span className="sr-only" role="status">
                  Loading the editor...
                </span>
                <Skeleton className="h-96 w-full" />
              </CardContent>
            </Card>
          }
        >
          <PostEditor
            key={editing.postId ?? 'new'}
            postId={editing.postId}
            draft={editing.draft}
            Preview={Preview}
            onClose={() => {
              editor.close();
              setTab('posts');
            }}
          />
        </Suspense>
      ) : (
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
      )}
    </>
  );
}
