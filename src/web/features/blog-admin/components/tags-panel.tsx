/** Tags management (issue 11 item 2): the tags with their post counts; rename (in every post) or delete (from every post). */
import { AlertTriangleIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { type BlogTag, BlogTagInputSchema } from '../../../../shared/schemas/blog';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useBlogTags, useDeleteBlogTag, useRenameBlogTag } from '../api/blog-tags';
import { FormField } from './form-field';

export function TagsPanel() {
  const tagsQuery = useBlogTags();
  const deleteTag = useDeleteBlogTag();
  const [tagToRename, setTagToRename] = useState<BlogTag | null>(null);
  const [tagToDelete, setTagToDelete] = useState<BlogTag | null>(null);

  function confirmDelete(tag: BlogTag) {
    deleteTag.mutate(tag.id, {
      onSuccess: () => {
        toast.success('Tag deleted successfully');
        setTagToDelete(null);
      },
      onError: (error) =>
        toast.error('Failed to delete tag', { description: serverMessageOr(error, 'Failed to delete tag') }),
    });
  }

  return (
    <section aria-labelledby="blog-tags-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="blog-tags-heading" className="text-lg font-semibold">
          Tags
        </h2>
        <p className="text-sm text-muted-foreground">
          Tags come from the posts. Renaming or deleting one changes every post that uses it.
        </p>
      </div>
      {tagsQuery.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : tagsQuery.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          <AlertTriangleIcon aria-hidden="true" className="size-5" /> Failed to fetch blog tags
          <Button variant="outline" size="sm" onClick={() => void tagsQuery.refetch()}>
            Retry
          </Button>
        </div>
      ) : tagsQuery.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tags yet. Add them to a post in its Settings.</p>
      ) : (
        <Card>
          <CardContent className="px-4 sm:px-6">
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {tagsQuery.data.map((tag) => (
                <li key={tag.id} className="flex items-center gap-1 rounded-full border py-0.5 pr-1 pl-3 text-sm">
                  {tag.name}
                  <span className="text-xs text-muted-foreground">({tag.postCount})</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Rename tag ${tag.name}`}
                    onClick={() => setTagToRename(tag)}
                  >
                    <PencilIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7 text-destructive"
                    aria-label={`Delete tag ${tag.name}`}
                    onClick={() => setTagToDelete(tag)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <Dialog
        open={tagToRename !== null}
        onOpenChange={(open) => {
          if (!open) setTagToRename(null);
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Rename Tag</DialogTitle>
            <DialogDescription>The new name replaces the old one in every post.</DialogDescription>
          </DialogHeader>
          {tagToRename && <RenameTagForm tag={tagToRename} onDone={() => setTagToRename(null)} />}
        </DialogContent>
      </Dialog>
      <ConfirmDeleteDialog
        item={tagToDelete}
        title="Delete tag?"
        description={
          tagToDelete
            ? `Are you sure you want to delete the tag "${tagToDelete.name}"? It is removed from every post.`
            : ''
        }
        isDeleting={deleteTag.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setTagToDelete(null);
        }}
      />
    </section>
  );
}

function RenameTagForm({ tag, onDone }: { tag: BlogTag; onDone(): void }) {
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameBlogTag();
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = BlogTagInputSchema.safeParse({ name });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        rename.mutate(
          { id: tag.id, input: { name } },
          {
            onSuccess: () => {
              toast.success('Tag updated successfully');
              onDone();
            },
            onError: (renameError) => {
              setError(serverMessageOr(renameError, 'Failed to update tag'));
              toast.error('Failed to update tag', {
                description: serverMessageOr(renameError, 'Failed to update tag'),
              });
            },
          },
        );
      }}
    >
      <FormField label="Name" error={error}>
        {(field) => <Input {...field} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Rename Tag'}
        </Button>
      </DialogFooter>
    </form>
  );
}
