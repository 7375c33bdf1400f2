/**
 * The post editor (spec §2 Blog management): New Post or Edit swaps the list for it. Preview/Edit toggle, Cancel,
 * Save, and tabs Content, SEO & Meta, Settings holding every post field of spec §3. The open editor's values are
 * kept in localStorage (post-form.ts) so a reload restores them; leaving with unsaved changes asks first (Cancel,
 * in-app links through the router's blocker, and the browser's own prompt on reload or close). Loaded lazily with
 * everything it needs (CodeMirror, marked, DOMPurify, the date picker), so /admin/blog's first JS stays small.
 */
import slugify from '@sindresorhus/slugify';
import { AlertTriangleIcon, EyeIcon, PencilIcon, SaveIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import {
  type AdminBlogPost,
  type AdminBlogPostDetail,
  BLOG_DEFAULT_AUTHOR,
  type BlogAd,
  type BlogCategoryWithCount,
  CreateBlogPostSchema,
  UpdateBlogPostSchema,
} from '../../../../shared/schemas/blog';
import { Button } from '~/components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Card, CardContent } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { Textarea } from '~/components/ui/textarea';
import { ApiError, serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useBlogAds } from '../api/blog-ads';
import { useBlogCategories } from '../api/blog-categories';
import { useBlogPost, useBlogPosts, useSaveBlogPost } from '../api/blog-posts';
import {
  clearDraft,
  countWords,
  type EditorTab,
  emptyPostForm,
  firstErrorTab,
  formStatus,
  formToPayload,
  META_DESCRIPTION_LIMIT,
  META_TITLE_LIMIT,
  type PostFieldErrors,
  type PostFormValues,
  postToForm,
  sameValues,
  saveDraft,
  type StoredDraft,
  toFieldErrors,
} from '../post-form';
import { FormField } from './form-field';
import { ImageUrlField } from './image-url-field';
import { PostPreview } from './post-preview';
import { PostSettings } from './post-settings';
import { CharacterCount, SeoPreview } from './seo-preview';
import { StatusBadge } from './status-badge';

const MarkdownEditor = lazy(() => import('~/components/markdown-editor'));

export interface PostEditorProps {
  /** The post to edit, or null for a new one. */
  postId: string | null;
  /** A draft restored from this browser (for this post) that replaces the saved values. */
  draft: StoredDraft | null;
  onClose(): void;
}

export default function PostEditor({ postId, draft, onClose }: PostEditorProps) {
  const postQuery = useBlogPost(postId);
  const categoriesQuery = useBlogCategories();
  const adsQuery = useBlogAds();
  const postsQuery = useBlogPosts({});
  const queries = postId ? [postQuery, categoriesQuery, adsQuery, postsQuery] : [categoriesQuery, adsQuery, postsQuery];
  const failed = queries.find((query) => query.isError);

  if (failed) {
    return (
      <Card>
        <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
          <p className="text-destructive">
            {failed === postQuery
              ? 'Failed to fetch blog posts'
              : failed === adsQuery
                ? 'Failed to fetch blog ads'
                : 'Failed to fetch blog categories'}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => queries.forEach((query) => query.isError && void query.refetch())}>
              Retry
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                clearDraft();
                onClose();
              }}
            >
              Cancel
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  if (queries.some((query) => query.isPending)) {
    return (
      <Card aria-busy="true">
        <CardContent className="flex flex-col gap-4">
          <span className="sr-only" role="status">
            Loading the editor...
          </span>
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
        </CardContent>
      </Card>
    );
  }
  const categories = categoriesQuery.data ?? [];
  const baseline = postId && postQuery.data ? savedValues(postQuery.data) : newPostValues(categories);
  const initial = draft && draft.postId === postId ? draft.values : baseline;
  return (
    <EditorForm
      key={postId ?? 'new'}
      postId={postId}
      baseline={baseline}
      initial={initial}
      categories={categories}
      ads={adsQuery.data ?? []}
      otherPosts={(postsQuery.data?.items ?? []).filter((post) => post.id !== postId)}
      onClose={onClose}
    />
  );
}

function savedValues(post: AdminBlogPostDetail): PostFormValues {
  return postToForm(
    post,
    post.adLinks.map((link) => ({ adId: link.adId, position: link.position })),
    post.relatedPostIds,
  );
}

/** Spec §3 defaults: author 'JotIt Team', category General when that category exists. */
function newPostValues(categories: readonly BlogCategoryWithCount[]): PostFormValues {
  const general = categories.find((category) => category.name.toLowerCase() === 'general');
  return emptyPostForm({ authorName: BLOG_DEFAULT_AUTHOR, category: general?.name ?? '' });
}

function EditorForm({
  postId,
  baseline,
  initial,
  categories,
  ads,
  otherPosts,
  onClose,
}: {
  postId: string | null;
  baseline: PostFormValues;
  initial: PostFormValues;
  categories: readonly BlogCategoryWithCount[];
  ads: readonly BlogAd[];
  otherPosts: readonly AdminBlogPost[];
  onClose(): void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PostFieldErrors>({});
  const [tab, setTab] = useState<EditorTab>('content');
  const [isPreview, setIsPreview] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const save = useSaveBlogPost();
  const isDirty = !sameValues(values, baseline) && !save.isSuccess;

  // Keep the open editor in this browser while it differs from what is saved.
  useEffect(() => {
    if (isDirty) saveDraft(postId, values);
  }, [isDirty, postId, values]);

  // Reload or close with unsaved changes: the browser's own prompt (the draft is kept either way).
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  function change(patch: Partial<PostFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof PostFormValues];
      return next;
    });
  }

  function showErrors(fieldErrors: PostFieldErrors) {
    setErrors(fieldErrors);
    setIsPreview(false);
    const errorTab = firstErrorTab(fieldErrors);
    if (errorTab) setTab(errorTab);
  }

  function submit() {
    const payload = formToPayload(values);
    const parsed = (postId ? UpdateBlogPostSchema : CreateBlogPostSchema).safeParse(payload);
    if (!parsed.success) {
      showErrors(toFieldErrors(parsed.error.issues));
      toast.error('Failed to save blog post', { description: 'Please correct the highlighted fields.' });
      return;
    }
    save.mutate(
      { id: postId, post: payload },
      {
        onSuccess: () => {
          clearDraft();
          toast.success(postId ? 'Blog post updated successfully!' : 'Blog post created successfully!');
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && Array.isArray(error.details))
            showErrors(toFieldErrors(error.details as { field?: string; message: string }[]));
          else if (error instanceof ApiError && error.status === 409) showErrors({ slug: error.message });
          toast.error(postId ? 'Failed to update blog post' : 'Failed to create blog post', {
            description: serverMessageOr(error, 'Failed to save blog post'),
          });
        },
      },
    );
  }

  function cancel() {
    if (isDirty) setIsLeaving(true);
    else {
      clearDraft();
      onClose();
    }
  }

  function discard() {
    clearDraft();
    setIsLeaving(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else onClose();
  }

  const status = formStatus(values);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const words = countWords(values.content);

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-6">
        <form
          noValidate
          aria-label={postId ? 'Edit post' : 'New post'}
          className="flex flex-col gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <h2 className="text-xl font-semibold">{postId ? 'Edit Post' : 'New Post'}</h2>
              <StatusBadge status={status} />
              {isDirty && <span className="text-xs text-muted-foreground">Unsaved changes</span>}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={() => setIsPreview((current) => !current)}>
                {isPreview ? <PencilIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
                {isPreview ? 'Edit' : 'Preview'}
              </Button>
              <Button type="button" variant="ghost" onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                <SaveIcon aria-hidden="true" />
                {save.isPending ? 'Saving...' : postId ? 'Update Post' : 'Save Post'}
              </Button>
            </div>
          </div>

          {isPreview ? (
            <PostPreview values={values} />
          ) : (
            <Tabs value={tab} onValueChange={(next) => setTab(next as EditorTab)}>
              <TabsList className="grid w-full grid-cols-3 sm:w-fit">
                <TabsTrigger value="content">Content</TabsTrigger>
                <TabsTrigger value="seo">SEO &amp; Meta</TabsTrigger>
                <TabsTrigger value="settings">Settings</TabsTrigger>
              </TabsList>
              <TabsContent value="content" className="mt-4 flex flex-col gap-6">
                <FormField label="Title" error={errors.title}>
                  {(field) => (
                    <Input
                      {...field}
                      value={values.title}
                      onChange={(event) => change({ title: event.target.value })}
                    />
                  )}
                </FormField>
                <FormField
                  label="Slug"
                  error={errors.slug}
                  hint={`Empty: made from the title (${slugify(values.title) || 'post-slug'}). The post's address is /blog/{slug}.`}
                >
                  {(field) => (
                    <Input
                      {...field}
                      value={values.slug}
                      placeholder={slugify(values.title)}
                      onChange={(event) => change({ slug: event.target.value })}
                    />
                  )}
                </FormField>
                <FormField label="Excerpt" error={errors.excerpt} hint="A sentence or two shown on the blog's cards.">
                  {(field) => (
                    <Textarea
                      {...field}
                      rows={2}
                      value={values.excerpt}
                      onChange={(event) => change({ excerpt: event.target.value })}
                    />
                  )}
                </FormField>
                <ImageUrlField
                  label="Featured image URL"
                  value={values.featuredImageUrl}
                  error={errors.featuredImageUrl}
                  onChange={(featuredImageUrl) => change({ featuredImageUrl })}
                />
                <div className="flex flex-col gap-2">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="text-sm leading-none font-medium" id="blog-post-content-label">
                      Content
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {words} word{words === 1 ? '' : 's'} · Markdown
                    </span>
                  </div>
                  <Suspense fallback={<Skeleton className="h-80 w-full" />}>
                    <MarkdownEditor
                      value={values.content}
                      invalid={Boolean(errors.content)}
                      onChange={(content) => change({ content })}
                    />
                  </Suspense>
                  {errors.content && <p className="text-sm text-destructive">{errors.content}</p>}
                </div>
              </TabsContent>
              <TabsContent value="seo" className="mt-4 flex flex-col gap-6">
                <FormField
                  label="Meta title"
                  error={errors.metaTitle}
                  aside={<CharacterCount length={values.metaTitle.length} limit={META_TITLE_LIMIT} />}
                  hint="Empty: the post's title."
                >
                  {(field) => (
                    <Input
                      {...field}
                      value={values.metaTitle}
                      onChange={(event) => change({ metaTitle: event.target.value })}
                    />
                  )}
                </FormField>
                <FormField
                  label="Meta description"
                  error={errors.metaDescription}
                  aside={<CharacterCount length={values.metaDescription.length} limit={META_DESCRIPTION_LIMIT} />}
                  hint="Empty: the excerpt."
                >
                  {(field) => (
                    <Textarea
                      {...field}
                      rows={3}
                      value={values.metaDescription}
                      onChange={(event) => change({ metaDescription: event.target.value })}
                    />
                  )}
                </FormField>
                <FormField label="Meta keywords" error={errors.metaKeywords} hint="Comma-separated.">
                  {(field) => (
                    <Input
                      {...field}
                      value={values.metaKeywords}
                      onChange={(event) => change({ metaKeywords: event.target.value })}
                    />
                  )}
                </FormField>
                <SeoPreview
                  origin={origin}
                  title={values.metaTitle || values.title}
                  slug={values.slug || slugify(values.title)}
                  description={values.metaDescription || values.excerpt}
                />
              </TabsContent>
              <TabsContent value="settings" className="mt-4">
                <PostSettings
                  values={values}
                  errors={errors}
                  categories={categories}
                  ads={ads}
                  otherPosts={otherPosts}
                  onChange={change}
                />
              </TabsContent>
            </Tabs>
          )}
        </form>
      </CardContent>

      <AlertDialog
        open={isLeaving || blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (open) return;
          setIsLeaving(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Discard unsaved changes?</AlertDialogTitle>
            <AlertDialogDescription>
              This post has changes that are not saved. Leave the editor and lose them?
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep editing</AlertDialogCancel>
            <AlertDialogAction onClick={discard}>Discard changes</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
