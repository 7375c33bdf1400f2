/**
 * The Posts tab (spec §2): a search box and a status filter, the posts as cards with Edit, View (the public page in
 * a new window) and Delete (with the spec's confirmation), up to 5 tags then '+N more', 3 skeleton cards while
 * loading, and the load error with Retry. A draft submitted for review (decision 0058) wears a badge; editors see the
 * queue first and may return a draft to its author (asked first).
 */
import {
  AlertTriangleIcon,
  EyeIcon,
  FileTextIcon,
  HeartIcon,
  PencilIcon,
  StarIcon,
  Trash2Icon,
  Undo2Icon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { BLOG_POST_LIST_FILTERS, type AdminBlogPost, type BlogPostListFilter } from '../../../../shared/schemas/blog';
import { can, roleOfUser } from '../../../../shared/permissions';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { DataTableSearch } from '~/components/data-table-search';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { serverMessageOr } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';
import { toast } from '~/lib/toast';
import { useBlogPosts, useDeleteBlogPost } from '../api/blog-posts';
import { useSetPostReview } from '../api/post-review';
import { visibleTags } from '../post-form';
import { ReviewBadge, StatusBadge } from './status-badge';

const STATUS_LABELS: Record<BlogPostListFilter, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  submitted: 'Submitted for review',
};
const ALL = 'all';
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function PostsPanel({ onEdit }: { onEdit(post: AdminBlogPost): void }) {
  // The search and the status live in the URL (?q=, ?status=): a reload, Back and ⌘K's link to a post keep them.
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() || undefined;
  const statusParam = params.get('status');
  const status = BLOG_POST_LIST_FILTERS.find((value) => value === statusParam) ?? ALL;
  const postsQuery = useBlogPosts({ q: query, status: status === ALL ? undefined : status });
  // A search typed just before Edit answers after its pause, while the editor's route loads: it must not take
  // the place of that navigation (the list would stay and the editor never open).
  // The router's state reaches this list in a transition render, which a busy page may deliver after the pause
  // ends, so Edit also marks the leaving at once.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const isLeaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const hasAskedToLeave = useRef(false);
  useEffect(() => {
    if (navigation.state === 'idle') hasAskedToLeave.current = false;
  }, [navigation.state]);
  const edit = (post: AdminBlogPost) => {
    hasAskedToLeave.current = true;
    onEdit(post);
  };
  const setFilter = (name: 'q' | 'status', value: string | undefined) => {
    if (isLeaving || hasAskedToLeave.current) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
  const deletePost = useDeleteBlogPost();
  const [postToDelete, setPostToDelete] = useState<AdminBlogPost | null>(null);
  const isReviewer = can(roleOfUser(useAuth().user), 'posts.publish');
  const review = useSetPostReview();
  const [postToReturn, setPostToReturn] = useState<AdminBlogPost | null>(null);

  function confirmReturn(post: AdminBlogPost) {
    review.mutate(
      { id: post.id, step: 'withdraw' },
      {
        onSuccess: () => {
          toast.success('Returned to its author', { description: `"${post.title}" is a plain draft again.` });
          setPostToReturn(null);
        },
        onError: (error) =>
          toast.error('Failed to return the post', { description: serverMessageOr(error, 'Failed to return the post') }),
      },
    );
  }

  function confirmDelete(post: AdminBlogPost) {
    deletePost.mutate(post.id, {
      onSuccess: () => {
        toast.success('Blog post deleted successfully');
        setPostToDelete(null);
      },
      onError: (error) =>
        toast.error('Failed to delete blog post', {
          description: serverMessageOr(error, 'Failed to delete blog post'),
        }),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <DataTableSearch
          label="Search posts"
          isLabelVisible
          className="flex-1"
          placeholder="Title, excerpt or slug"
          value={query}
          onSearch={(value) => setFilter('q', value)}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="blog-post-status">Status</Label>
          <Select value={status} onValueChange={(value) => setFilter('status', value === ALL ? undefined : value)}>
            <SelectTrigger id="blog-post-status" className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {BLOG_POST_LIST_FILTERS.map((value) => (
                <SelectItem key={value} value={value}>
                  {STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {postsQuery.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading blog posts...</span>
          {Array.from({ length: 3 }, (_, index) => (
            <Card key={index} data-testid="post-skeleton">
              <CardContent className="flex flex-col gap-3">
                <Skeleton className="h-6 w-2/3" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-1/2" />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : postsQuery.isError ? (
        <Card>
          <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
            <p className="text-destructive">Failed to fetch blog posts</p>
            <p className="text-sm text-muted-foreground">{postsQuery.error.message}</p>
            <Button variant="outline" onClick={() => void postsQuery.refetch()}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : postsQuery.data.items.length === 0 ? (
        <Card data-testid="posts-empty">
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <FileTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="text-muted-foreground">
              {query || status !== ALL
                ? 'No posts match this search.'
                : 'No posts yet. Write the first one with New Post.'}
            </p>
          </CardContent>
        </Card>
      ) : (
        <>
          <ul aria-label="Blog posts" className="flex flex-col gap-3" aria-busy={postsQuery.isFetching || undefined}>
            {postsQuery.data.items.map((post) => (
              <li key={post.id} data-row-key={post.id}>
                <PostCard
                  post={post}
                  isReviewer={isReviewer}
                  onEdit={edit}
                  onDelete={setPostToDelete}
                  onReturn={setPostToReturn}
                />
              </li>
            ))}
          </ul>
          {postsQuery.data.total > postsQuery.data.items.length && (
            <p className="text-sm text-muted-foreground">
              Showing {postsQuery.data.items.length} of {postsQuery.data.total} posts. Search to find the others.
            </p>
          )}
        </>
      )}

      <ConfirmDeleteDialog
        item={postToDelete}
        title="Delete post?"
        description={postToDelete ? `Are you sure you want to delete "${postToDelete.title}"?` : ''}
        isDeleting={deletePost.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setPostToDelete(null);
        }}
      />
      <ConfirmDialog
        open={postToReturn !== null}
        onOpenChange={(open) => !open && setPostToReturn(null)}
        title={`Return "${postToReturn?.title ?? ''}" to its author?`}
        description="It leaves the review queue and stays a draft; its author can change it and submit it again."
        confirmLabel="Return to author"
        pendingLabel="Returning..."
        isPending={review.isPending}
        onConfirm={() => postToReturn && confirmReturn(postToReturn)}
      />
    </div>
  );
}

function PostCard({
  post,
  isReviewer,
  onEdit,
  onDelete,
  onReturn,
}: {
  post: AdminBlogPost;
  /** Whoever may publish reviews: the badge says so, and a submitted draft can go back to its author. */
  isReviewer: boolean;
  onEdit(post: AdminBlogPost): void;
  onDelete(post: AdminBlogPost): void;
  onReturn(post: AdminBlogPost): void;
}) {
  const isSubmitted = post.submittedForReviewAt !== null;
  const { shown, more } = visibleTags(post.tags);
  const date = post.publishedAt ?? post.createdAt;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 text-lg font-semibold wrap-anywhere">{post.title}</h3>
            <StatusBadge status={post.status} />
            {isSubmitted && <ReviewBadge isReviewer={isReviewer} />}
            {post.isFeatured && (
              <span className="inline-flex items-center gap-1 text-xs text-amber-700 dark:text-amber-400">
                <StarIcon aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                Featured
              </span>
            )}
          </div>
          {post.excerpt && <p className="line-clamp-2 text-sm text-muted-foreground">{post.excerpt}</p>}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>{post.category}</span>
            <span>
              {post.status === 'draft' ? 'Created' : post.status === 'scheduled' ? 'Scheduled for' : 'Published'}{' '}
              {shortDate.format(new Date(date))}
            </span>
            <span>{post.readTimeMinutes} min read</span>
            <span className="inline-flex items-center gap-1">
              <EyeIcon aria-hidden="true" className="size-3.5" /> {post.viewCount}{' '}
              <span className="sr-only">unique visitors</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <HeartIcon aria-hidden="true" className="size-3.5" /> {post.likeCount}{' '}
              <span className="sr-only">likes</span>
            </span>
          </p>
          {post.tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
              {shown.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
              {more > 0 && (
                <li>
                  <Badge variant="secondary">+{more} more</Badge>
                </li>
              )}
            </ul>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onEdit(post)} aria-label={`Edit ${post.title}`}>
            <PencilIcon aria-hidden="true" /> Edit
          </Button>
          {isReviewer && isSubmitted && (
            <Button variant="outline" size="sm" onClick={() => onReturn(post)} aria-label={`Return ${post.title} to author`}>
              <Undo2Icon aria-hidden="true" /> Return to author
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <a
              href={`/blog/${post.slug}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${post.title} (opens in a new window)`}
            >
              <EyeIcon aria-hidden="true" /> View
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            onClick={() => onDelete(post)}
            aria-label={`Delete ${post.title}`}
          >
            <Trash2Icon aria-hidden="true" /> Delete
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
