/**
 * The post editor (spec §2 Blog management; issue 26 §4), a full-screen view of its own (issue 37, decision 0072): a
 * compact top bar — back to Posts, the post's state as saved (Draft, Scheduled, Published), whether it is saved,
 * Preview/Edit, History, Settings, Cancel and the steps — over the writing area, the title focused on open, and the
 * Settings in a side panel (a sheet on a phone, settings-panel.tsx). The steps are explicit — Save draft and Publish (Schedule
 * when the date is still to come) for a draft, Update and Unpublish for a live or scheduled post; publishing,
 * scheduling and unpublishing ask first. Preview renders the live page's own article. Tabs Content and SEO & Meta
 * and the Settings panel hold every post field of spec §3, on the kit's Form and Field (react-hook-form, checked with the shared
 * schema). The open editor's values are kept in localStorage (post-form.ts) so a reload restores them; leaving
 * with unsaved changes asks first (Cancel, in-app links through the router's blocker, the browser's own prompt).
 * An author (who may not publish) gets Save draft and, for a saved draft, Submit for review or Withdraw instead
 * (decision 0058); a submitted draft wears its badge for everyone.
 *
 * Two people, one post (issue 39 §2, decision 0064): a save sends the version the editor read; when someone saved in
 * between, the 409 opens the conflict dialog (Review their changes, Overwrite, Copy mine), never a silent overwrite.
 * While there are unsaved changes the editor autosaves them every AUTOSAVE_INTERVAL_MS as a draft revision on the
 * server; History lists the revisions, diffs one against the saved post and restores it.
 */
import slugify from '@sindresorhus/slugify';
import { AlertTriangleIcon, ArrowLeftIcon, EyeIcon, HistoryIcon, PencilIcon, Settings2Icon } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useBlocker } from 'react-router';
import {
  type AdminBlogPost,
  type AdminBlogPostDetail,
  BLOG_DEFAULT_AUTHOR,
  type BlogAd,
  type BlogCategoryWithCount,
  type BlogPostStatus,
  CreateBlogPostSchema,
  UpdateBlogPostSchema,
} from '../../../../shared/schemas/blog';
import { can, roleOfUser } from '../../../../shared/permissions';
import type { VersionConflict } from '../../../../shared/schemas/revisions';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { DocumentHistoryPanel } from '~/components/document-history-panel';
import { PresenceNotice } from '~/components/presence-notice';
import { Field, Form, InputField, TextareaField } from '~/components/form';
import { ImageField } from '~/components/image-upload';
import { LazyMarkdownEditor } from '~/components/lazy-markdown-editor';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { VersionConflictDialog } from '~/components/version-conflict-dialog';
import { ApiError, serverMessageOr } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';
import { useAutosave, versionConflictOf } from '~/lib/document-versions';
import { toast } from '~/lib/toast';
import { useBlogAds } from '../api/blog-ads';
import { useBlogCategories } from '../api/blog-categories';
import { useBlogPost, useBlogPosts, useSaveBlogPost } from '../api/blog-posts';
import { postHistory, postRevisions } from '../api/post-revisions';
import { useSetPostReview } from '../api/post-review';
import {
  clearDraft,
  type ConfirmedAction,
  asksFirst,
  countWords,
  coverLacksAlt,
  inlineImagesLackingAlt,
  type EditorTab,
  emptyPostForm,
  firstErrorTab,
  formatDateTime,
  formToPayload,
  fromLocalDateTime,
  futureDate,
  META_DESCRIPTION_LIMIT,
  META_TITLE_LIMIT,
  type PostFieldErrors,
  type PostFormValues,
  postToForm,
  SAVE_ACTION_LABELS,
  type SaveAction,
  saveActions,
  savedMessage,
  sameValues,
  saveDraft,
  stepOf,
  type StoredDraft,
  toFieldErrors,
  valuesFor,
} from '../post-form';
import { PostPreview, type PreviewComponent } from './post-preview';
import { PostSettings } from './post-settings';
import { SETTINGS_PANEL_ID, SettingsPanel } from './settings-panel';
import { CharacterCount, SeoPreview } from './seo-preview';
import { ReviewBadge, StatusBadge } from './status-badge';

export interface PostEditorProps {
  /** The post to edit, or null for a new one. */
  postId: string | null;
  /** A draft restored from this browser (for this post) that replaces the saved values. */
  draft: StoredDraft | null;
  /** The live page's article, from the route (a feature does not import another). */
  Preview: PreviewComponent;
  onClose(): void;
}

export default function PostEditor({ postId, draft, Preview, onClose }: PostEditorProps) {
  const postQuery = useBlogPost(postId);
  const categoriesQuery = useBlogCategories();
  // Ads are content.manage: an author's editor neither reads nor links them (the API would answer 403).
  const mayLinkAds = can(roleOfUser(useAuth().user), 'content.manage');
  const adsQuery = useBlogAds({ isEnabled: mayLinkAds });
  const postsQuery = useBlogPosts({});
  const queries = [...(postId ? [postQuery] : []), categoriesQuery, ...(mayLinkAds ? [adsQuery] : []), postsQuery];
  const failed = queries.find((query) => query.isError);

  const heading = postId ? 'Edit Post' : 'New Post';
  if (failed) {
    return (
      <EditorPlaceholder heading={heading}>
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
      </EditorPlaceholder>
    );
  }
  if (queries.some((query) => query.isPending)) {
    return (
      <EditorPlaceholder heading={heading}>
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
      </EditorPlaceholder>
    );
  }
  const categories = categoriesQuery.data ?? [];
  const saved = postId ? postQuery.data : undefined;
  const baseline = saved ? savedValues(saved) : newPostValues(categories);
  const restored = draft && draft.postId === postId ? draft : null;
  const initial = restored ? restored.values : baseline;
  return (
    <EditorForm
      key={postId ?? 'new'}
      postId={postId}
      savedStatus={saved?.status ?? 'draft'}
      isSubmitted={(saved?.submittedForReviewAt ?? null) !== null}
      // A draft restored from this browser saves with the version it was typed over (decision 0064).
      saved={saved ? { title: saved.title, content: saved.content, version: restored?.version ?? saved.version } : null}
      baseline={baseline}
      initial={initial}
      categories={categories}
      ads={adsQuery.data ?? []}
      otherPosts={(postsQuery.data?.items ?? []).filter((post) => post.id !== postId)}
      Preview={Preview}
      onClose={onClose}
    />
  );
}

/** The editor's place while its data loads or when it could not: the view's heading over the card. */
function EditorPlaceholder({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-lg font-semibold">{heading}</h1>
      {children}
    </div>
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

/** React-hook-form errors of the form's fields, from the shared schema's issues or the server's details. */
function toFormErrors(fieldErrors: PostFieldErrors): FieldErrors<PostFormValues> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, message]) => [field, { type: 'validation', message }]),
  ) as FieldErrors<PostFormValues>;
}

/** The shared schema checks the body the form would send (spec §5 texts), its issues put under the form's fields. */
const postResolver =
  (isNew: boolean): Resolver<PostFormValues> =>
  (values) => {
    const parsed = (isNew ? CreateBlogPostSchema : UpdateBlogPostSchema).safeParse(formToPayload(values));
    return parsed.success ? { values, errors: {} } : { values: {}, errors: toFormErrors(toFieldErrors(parsed.error.issues)) };
  };

interface ConfirmationContext {
  name: string;
  /** The form's date when it is still to come. */
  date: Date | null;
  /** The date the post is saved with. */
  savedDate: Date | null;
  savedStatus: BlogPostStatus;
  /** The step came from Update (or Enter), not from its own button. */
  isFromUpdate: boolean;
}

const when = (date: Date | null) => (date ? formatDateTime(date) : 'its date');

/** What each step asks (issue 37 §2): the question names the step and the post, the description what follows. */
const CONFIRMATIONS: Record<ConfirmedAction, { title(context: ConfirmationContext): string; description(context: ConfirmationContext): string }> = {
  publish: {
    title: ({ name }) => `Publish "${name}"?`,
    description: () => 'It goes live on /blog now, and readers can find and share it.',
  },
  publishNow: {
    title: ({ name }) => `Publish "${name}" now?`,
    description: ({ savedDate, isFromUpdate }) =>
      isFromUpdate
        ? `Its publish date is cleared, so saving publishes it on /blog now instead of on ${when(savedDate)}. Cancel keeps it scheduled.`
        : `It is scheduled for ${when(savedDate)}. It goes live on /blog now instead, and readers can find and share it.`,
  },
  schedule: {
    title: ({ name }) => `Schedule "${name}"?`,
    description: ({ date, savedStatus }) =>
      savedStatus === 'published'
        ? `It leaves /blog now and stays hidden until ${when(date)}, then goes live again.`
        : `It stays hidden until ${when(date)}, then goes live on /blog.`,
  },
  reschedule: {
    title: ({ name }) => `Reschedule "${name}"?`,
    description: ({ date, savedDate }) => `It goes live on ${when(date)} instead of ${when(savedDate)}, and stays hidden until then.`,
  },
  unschedule: {
    title: ({ name }) => `Unschedule "${name}"?`,
    description: ({ savedDate }) => `It will not go live on ${when(savedDate)}. It is kept as a draft until you publish or schedule it.`,
  },
  update: {
    title: () => 'Update the live post?',
    description: ({ name }) => `"${name}" changes on /blog for every reader now.`,
  },
  unpublish: {
    title: ({ name }) => `Unpublish "${name}"?`,
    description: () => 'It leaves /blog and its address answers "not found" until it is published again. It is kept as a draft.',
  },
};

/** The steps after which readers see the post: a cover without alt text is pointed out before them (issue 37 §6). */
const MAKES_PUBLIC: ReadonlySet<ConfirmedAction> = new Set(['publish', 'publishNow', 'schedule', 'reschedule', 'update']);

function EditorForm({
  postId,
  savedStatus,
  isSubmitted,
  saved,
  baseline,
  initial,
  categories,
  ads,
  otherPosts,
  Preview,
  onClose,
}: {
  postId: string | null;
  savedStatus: BlogPostStatus;
  /** Saved as submitted for review (decision 0058). */
  isSubmitted: boolean;
  /** The post as read (null for a new one): the version a save sends back, and the History's diff. */
  saved: { title: string; content: string; version: number } | null;
  baseline: PostFormValues;
  initial: PostFormValues;
  categories: readonly BlogCategoryWithCount[];
  ads: readonly BlogAd[];
  otherPosts: readonly AdminBlogPost[];
  Preview: PreviewComponent;
  onClose(): void;
}) {
  const form = useForm<PostFormValues>({ defaultValues: initial, resolver: postResolver(postId === null) });
  const values = useWatch({ control: form.control }) as PostFormValues;
  const [tab, setTab] = useState<EditorTab>('content');
  const [isPreview, setIsPreview] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const settingsButtonRef = useRef<HTMLButtonElement>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  // The step being asked about; it keeps its words while the dialog closes.
  const [asking, setAsking] = useState<{ action: ConfirmedAction; isFromUpdate: boolean; isOpen: boolean }>({
    action: 'publish',
    isFromUpdate: false,
    isOpen: false,
  });
  const closeAsking = () => setAsking((current) => ({ ...current, isOpen: false }));
  // A save someone else beat (decision 0064): the step and values sent, and the server's word on who saved.
  const [conflict, setConflict] = useState<{ action: SaveAction; values: PostFormValues; conflict: VersionConflict } | null>(null);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const asked = CONFIRMATIONS[asking.action];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const save = useSaveBlogPost();
  const review = useSetPostReview();
  const mayPublish = can(roleOfUser(useAuth().user), 'posts.publish');
  // From the first tap: the form is checked before the request starts, and a second tap meanwhile must not save twice.
  const isSaving = save.isPending || form.formState.isSubmitting;
  const isDirty = !sameValues(values, baseline) && !save.isSuccess;

  // The editor is a view of its own (decision 0072): it opens with the title focused, ready to type.
  useEffect(() => {
    if (!headingRef.current?.closest('[data-testid="post-editor"]')?.contains(document.activeElement)) form.setFocus('title');
  }, [form]);

  /** The panel's own close (its X, Esc) gives focus back to the Settings button; the sheet's primitive does that itself. */
  function closeOrOpenSettings(open: boolean) {
    setIsSettingsOpen(open);
    if (!open && document.getElementById(SETTINGS_PANEL_ID)?.contains(document.activeElement)) settingsButtonRef.current?.focus();
  }

  // The top bar's height (one line or two, by width): the side panel starts below it (settings-panel.tsx).
  const topBarRef = useRef<HTMLDivElement>(null);
  const [topBarHeight, setTopBarHeight] = useState(0);
  useLayoutEffect(() => {
    const bar = topBarRef.current;
    if (!bar) return;
    const observer = new ResizeObserver(() => setTopBarHeight(bar.offsetHeight));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  // Leaving on purpose (a save, Cancel, Discard): the router's blocker lets the editor's own navigation through.
  const isLeavingOnPurpose = useRef(false);
  function leave() {
    isLeavingOnPurpose.current = true;
    onClose();
  }

  // Keep the open editor in this browser while it differs from what is saved.
  useEffect(() => {
    if (isDirty) saveDraft({ postId, version: saved?.version ?? null }, values);
  }, [isDirty, postId, values, saved?.version]);

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

  // Unsaved changes are autosaved on the server as a draft revision (issue 39 §1): another browser finds them in
  // History; the live post never changes.
  const savedVersion = saved?.version ?? null;
  useAutosave(
    postId !== null && savedVersion !== null && isDirty,
    () => {
      const payload = formToPayload(form.getValues());
      return {
        // A blank title (being retyped) is left out: the revision keeps the saved one, and the rest is still kept.
        title: payload.title.trim() || undefined,
        excerpt: payload.excerpt,
        content: payload.content,
        featured_image_url: payload.featured_image_url,
        featured_image_alt: payload.featured_image_alt,
        meta_title: payload.meta_title,
        meta_description: payload.meta_description,
        meta_keywords: payload.meta_keywords,
        tags: payload.tags,
        version: savedVersion ?? undefined,
      };
    },
    (fields) => (postId === null || savedVersion === null ? Promise.resolve() : postRevisions.autosave(postId, fields)),
  );

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeavingOnPurpose.current && currentLocation.pathname !== nextLocation.pathname,
  );

  function showErrors(fieldErrors: PostFieldErrors) {
    for (const [field, message] of Object.entries(fieldErrors))
      form.setError(field as keyof PostFormValues, { type: 'server', message });
    setIsPreview(false);
    const errorTab = firstErrorTab(fieldErrors);
    if (errorTab === 'settings') setIsSettingsOpen(true);
    else if (errorTab) setTab(errorTab);
  }

  function onInvalid(errors: FieldErrors<PostFormValues>) {
    closeAsking();
    showErrors(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message ?? ''])));
    toast.error('Failed to save blog post', { description: 'Please correct the highlighted fields.' });
  }

  /**
   * One request saves the post with its links (issue 28 §3); the toast says what was saved. It names the version read
   * (`version`: the one a 409 named, for Overwrite); a 409 on the version opens the conflict dialog instead.
   */
  async function saveAs(action: SaveAction, formValues: PostFormValues, version = saved?.version) {
    const sent = valuesFor(action, formValues, baseline.isPublished);
    try {
      await save.mutateAsync({ id: postId, post: formToPayload(sent), version });
    } catch (error) {
      closeAsking();
      const beaten = versionConflictOf(error);
      if (beaten) {
        setConflict({ action, values: formValues, conflict: beaten });
        return;
      }
      setConflict(null);
      if (error instanceof ApiError && Array.isArray(error.details))
        showErrors(toFieldErrors(error.details as { field?: string; message: string }[]));
      else if (error instanceof ApiError && error.status === 409) showErrors({ slug: error.message });
      toast.error(postId ? 'Failed to update blog post' : 'Failed to create blog post', {
        description: serverMessageOr(error, 'Failed to save blog post'),
      });
      return;
    }
    clearDraft();
    closeAsking();
    setConflict(null);
    toast.success(savedMessage(action, sent), {
      description: postId ? 'Blog post updated successfully!' : 'Blog post created successfully!',
    });
    leave();
  }

  /** A button's (or Enter's) step: the steps that change what the public sees are checked first, then asked. */
  async function run(action: SaveAction) {
    const step = stepOf(action, savedStatus, form.getValues(), baseline);
    if (!asksFirst(step, savedStatus)) {
      await form.handleSubmit((formValues) => saveAs(step, formValues), onInvalid)();
      return;
    }
    if (await form.trigger()) setAsking({ action: step as ConfirmedAction, isFromUpdate: step !== action, isOpen: true });
    else onInvalid(form.formState.errors);
  }

  /**
   * An author's Submit for review (or Withdraw) of a saved draft: unsaved changes are saved as the draft first, so
   * the editor reviews what the author sees.
   */
  async function changeReview(step: 'submit' | 'withdraw', formValues: PostFormValues) {
    if (postId === null) return;
    try {
      if (isDirty) await save.mutateAsync({ id: postId, post: formToPayload(valuesFor('draft', formValues, baseline.isPublished)), version: saved?.version });
      await review.mutateAsync({ id: postId, step });
    } catch (error) {
      toast.error(step === 'submit' ? 'Failed to submit the post for review' : 'Failed to withdraw the post', {
        description: serverMessageOr(error, 'Failed to save blog post'),
      });
      return;
    }
    clearDraft();
    toast.success(step === 'submit' ? 'Submitted for review' : 'Withdrawn from review', {
      description: step === 'submit' ? 'An editor will publish it or return it to you.' : 'It is a plain draft again.',
    });
    leave();
  }

  function cancel() {
    if (isDirty) setIsLeaving(true);
    else {
      clearDraft();
      leave();
    }
  }

  function discard() {
    clearDraft();
    setIsLeaving(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else leave();
  }

  // Whoever may not publish saves drafts only, and submits them for review (decision 0058).
  const actions: SaveAction[] = mayPublish ? saveActions(savedStatus, values, baseline) : ['draft'];
  const reviewStep = !mayPublish && postId !== null && savedStatus === 'draft' ? (isSubmitted ? 'withdraw' : 'submit') : null;
  // Enter in a field clicks the form's submit button: the step that does not change what the public sees.
  const quietAction: SaveAction = savedStatus === 'draft' ? 'draft' : 'update';
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const words = countWords(values.content);
  const name = values.title.trim() || 'Untitled post';
  const category = categories.find((item) => item.name === values.category);
  const confirmationContext: ConfirmationContext = {
    name,
    date: futureDate(values),
    savedDate: fromLocalDateTime(baseline.publishedDate, baseline.publishedTime),
    savedStatus,
    isFromUpdate: asking.isFromUpdate,
  };

  return (
    <div
      className="flex min-h-[calc(100dvh-3.5rem)] flex-col"
      data-testid="post-editor"
      style={{ '--editor-bar-height': `${topBarHeight}px` } as CSSProperties}
    >
      <Form form={form} onSubmit={() => run(quietAction)} className="flex-1 gap-0">
        {/* The top bar (issue 37): back to Posts, what the post is and whether it is saved, then the tools and the
            steps. Sticky from 768 px; on a phone it scrolls away, so the title stays near the top. */}
        <div
          ref={topBarRef}
          aria-label={postId ? 'Edit post' : 'New post'}
          role="group"
          className="z-20 flex flex-wrap items-center gap-x-3 gap-y-2 border-b bg-background px-3 py-2 sm:px-4 md:sticky md:top-14"
        >
          <div className="flex flex-auto items-center gap-2">
            <Button type="button" variant="ghost" size="sm" className="-ml-1 px-2" onClick={cancel} aria-label="Back to Posts">
              <ArrowLeftIcon aria-hidden="true" />
              <span className="hidden sm:inline">Posts</span>
            </Button>
            <h1 ref={headingRef} tabIndex={-1} className="shrink-0 text-base font-semibold outline-none sm:text-lg">
              {postId ? 'Edit Post' : 'New Post'}
            </h1>
            <StatusBadge status={savedStatus} />
            {isSubmitted && <ReviewBadge isReviewer={mayPublish} />}
          </div>
          <div className="flex items-center gap-1">
            <Button type="button" variant="ghost" size="sm" onClick={() => setIsPreview((current) => !current)}>
              {isPreview ? <PencilIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
              <span className="sr-only sm:not-sr-only">{isPreview ? 'Edit' : 'Preview'}</span>
            </Button>
            {postId !== null && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setIsHistoryOpen(true)} aria-label="History">
                <HistoryIcon aria-hidden="true" />
                <span className="hidden lg:inline">History</span>
              </Button>
            )}
            <Button
              ref={settingsButtonRef}
              type="button"
              variant={isSettingsOpen ? 'secondary' : 'ghost'}
              size="sm"
              aria-expanded={isSettingsOpen}
              aria-controls={SETTINGS_PANEL_ID}
              onClick={() => setIsSettingsOpen((current) => !current)}
            >
              <Settings2Icon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Settings</span>
            </Button>
          </div>
          {/* On a phone the steps get a line of their own, the save state at its start. */}
          <div className="flex w-full items-center justify-end gap-2 sm:ml-auto sm:w-auto">
            <span role="status" className="mr-auto min-w-0 truncate text-xs text-muted-foreground sm:mr-1" data-testid="save-state">
              {isSaving ? 'Saving...' : isDirty ? 'Unsaved changes' : postId ? 'Saved' : ''}
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={cancel}>
              Cancel
            </Button>
            {actions.map((action, index) => {
              const isMain = index === actions.length - 1 && reviewStep !== 'submit';
              return (
                <Button
                  key={action}
                  type={action === quietAction ? 'submit' : 'button'}
                  variant={isMain ? 'default' : 'outline'}
                  size="sm"
                  isPending={isSaving}
                  onClick={(event) => {
                    // The main path: the shared schema's problems switch to their tab and say so in a toast.
                    event.preventDefault();
                    void run(action);
                  }}
                >
                  {isSaving && action === quietAction && !asking.isOpen ? 'Saving...' : SAVE_ACTION_LABELS[action]}
                </Button>
              );
            })}
            {reviewStep && (
              <Button
                type="button"
                variant={reviewStep === 'submit' ? 'default' : 'outline'}
                size="sm"
                isPending={review.isPending}
                onClick={() => void form.handleSubmit((formValues) => changeReview(reviewStep, formValues), onInvalid)()}
              >
                {reviewStep === 'submit' ? 'Submit for review' : 'Withdraw'}
              </Button>
            )}
          </div>
        </div>

        <div className="flex min-h-0 flex-1">
          <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-6 px-4 py-4 sm:px-6 sm:py-6">
            <PresenceNotice documentPath={postId === null ? null : postHistory.api.path(postId)} noun="post" />
            {isPreview ? (
              <PostPreview values={values} color={category?.color ?? null} Preview={Preview} />
            ) : (
              <Tabs value={tab} onValueChange={(next) => setTab(next as EditorTab)}>
                <TabsList className="grid w-full grid-cols-2 sm:w-fit">
                  <TabsTrigger value="content">Content</TabsTrigger>
                  <TabsTrigger value="seo">SEO &amp; Meta</TabsTrigger>
                </TabsList>
                <TabsContent value="content" className="mt-4 flex flex-col gap-6">
                  <InputField name="title" label="Title" required />
                  <InputField
                    name="slug"
                    label="Slug"
                    description={`Empty: made from the title (${slugify(values.title) || 'post-slug'}). The post's address is /blog/{slug}.`}
                  />
                  <TextareaField
                    name="excerpt"
                    label="Excerpt"
                    description="A sentence or two shown on the blog's cards."
                    rows={2}
                  />
                  <ImageField
                    name="featuredImageUrl"
                    altName="featuredImageAlt"
                    altHint="Publishing without it asks you to check."
                    label="Cover image"
                    saveHint="Save the post to keep it."
                  />
                  <Field
                    name="content"
                    label="Content"
                    required
                    description={`${words} word${words === 1 ? '' : 's'} · Markdown`}
                  >
                    <LazyMarkdownEditor
                      label="Content (Markdown)"
                      value={values.content}
                      onChange={(content) => form.setValue('content', content, { shouldDirty: true })}
                    />
                  </Field>
                </TabsContent>
                <TabsContent value="seo" className="mt-4 flex flex-col gap-6">
                  <InputField
                    name="metaTitle"
                    label="Meta title"
                    description={
                      <>
                        Empty: the post&apos;s title. <CharacterCount length={values.metaTitle.length} limit={META_TITLE_LIMIT} />
                      </>
                    }
                  />
                  <TextareaField
                    name="metaDescription"
                    label="Meta description"
                    description={
                      <>
                        Empty: the excerpt.{' '}
                        <CharacterCount length={values.metaDescription.length} limit={META_DESCRIPTION_LIMIT} />
                      </>
                    }
                    rows={3}
                  />
                  <InputField name="metaKeywords" label="Meta keywords" description="Comma-separated." />
                  <SeoPreview
                    origin={origin}
                    title={values.metaTitle || values.title}
                    slug={values.slug || slugify(values.title)}
                    description={values.metaDescription || values.excerpt}
                  />
                </TabsContent>
              </Tabs>
            )}
          </div>
          <SettingsPanel open={isSettingsOpen} onOpenChange={closeOrOpenSettings}>
            <PostSettings categories={categories} ads={ads} otherPosts={otherPosts} />
          </SettingsPanel>
        </div>
      </Form>

      <ConfirmDialog
        open={asking.isOpen}
        onOpenChange={(open) => !open && closeAsking()}
        title={asked.title(confirmationContext)}
        description={
          <>
            {asked.description(confirmationContext)}
            {MAKES_PUBLIC.has(asking.action) && coverLacksAlt(values) && (
              <span role="note" className="mt-3 flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-left text-foreground">
                <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
                <span>The cover image has no alt text: screen readers will skip it. You can publish anyway, or cancel and add it under Content.</span>
              </span>
            )}
            {MAKES_PUBLIC.has(asking.action) && inlineImagesLackingAlt(values.content) > 0 && (
              <span role="note" className="mt-3 flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-left text-foreground">
                <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
                <span>
                  {inlineImagesLackingAlt(values.content) === 1 ? 'An image in the content has' : `${inlineImagesLackingAlt(values.content)} images in the content have`} no alt
                  text: screen readers will skip {inlineImagesLackingAlt(values.content) === 1 ? 'it' : 'them'}. You can publish anyway, or cancel and write it
                  between the brackets: ![what it shows](…).
                </span>
              </span>
            )}
          </>
        }
        confirmLabel={SAVE_ACTION_LABELS[asking.action]}
        pendingLabel="Saving..."
        isPending={isSaving}
        isDestructive={asking.action === 'unpublish'}
        onConfirm={() => void form.handleSubmit((formValues) => saveAs(asking.action, formValues), onInvalid)()}
      />
      {postId !== null && saved !== null && (
        <>
          <VersionConflictDialog
            history={postHistory}
            documentId={postId}
            conflict={conflict?.conflict ?? null}
            mine={{ title: conflict?.values.title ?? '', content: conflict?.values.content ?? '' }}
            isPending={isSaving}
            onOverwrite={() => conflict && void saveAs(conflict.action, conflict.values, conflict.conflict.version)}
            onClose={() => setConflict(null)}
          />
          <DocumentHistoryPanel
            history={postHistory}
            documentId={postId}
            saved={saved}
            version={saved.version}
            open={isHistoryOpen}
            onOpenChange={setIsHistoryOpen}
            onRestored={() => {
              clearDraft();
              leave();
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={isLeaving || blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (open) return;
          setIsLeaving(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        title="Discard unsaved changes?"
        description="This post has changes that are not saved. Leave the editor and lose them?"
        confirmLabel="Discard changes"
        isDestructive
        onConfirm={discard}
      />
    </div>
  );
}

