/** Tags management (issue 11 item 2): the tags with their post counts; rename (in every post) or delete (from every post). */
import { PencilIcon, TagIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type BlogTag, type BlogTagInput, BlogTagInputSchema } from '../../../../shared/schemas/blog';
import { Field, schemaResolver } from '~/components/form';
import { FormDialog, FormDialogBody } from '~/components/form-dialog';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useBlogTags, useDeleteBlogTag, useRenameBlogTag } from '../api/blog-tags';
import { CollectionPanel } from './collection-panel';

export function TagsPanel() {
  const tagsQuery = useBlogTags();
  const deleteTag = useDeleteBlogTag();
  const [rename, setRename] = useState<{ tag: BlogTag | null; isOpen: boolean }>({ tag: null, isOpen: false });

  return (
    <CollectionPanel
      id="blog-tags"
      title="Tags"
      description="Tags come from the posts. Renaming or deleting one changes every post that uses it."
      query={tagsQuery}
      loadingLabel="Loading tags..."
      fetchError="Failed to fetch blog tags"
      empty={{ icon: TagIcon, text: 'No tags yet. Add them to a post in its Settings.' }}
      listLabel="Tags"
      listClassName="flex flex-wrap gap-2"
      deletion={{
        title: 'Delete tag?',
        description: (tag) => `Are you sure you want to delete the tag "${tag.name}"? It is removed from every post.`,
        remove: (tag) => deleteTag.mutateAsync(tag.id),
        isPending: deleteTag.isPending,
        succeeded: 'Tag deleted successfully',
        failed: 'Failed to delete tag',
        failedFallback: 'Failed to delete tag',
      }}
      renderItem={(tag, requestDelete) => (
        <span className="flex items-center gap-1 rounded-full border py-0.5 pr-1 pl-3 text-sm [overflow-wrap:anywhere]">
          {tag.name}
          <span className="text-xs text-muted-foreground">({tag.postCount})</span>
          <Button variant="ghost" size="icon" className="size-7" aria-label={`Rename tag ${tag.name}`} onClick={() => setRename({ tag, isOpen: true })}>
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" className="size-7 text-destructive" aria-label={`Delete tag ${tag.name}`} onClick={requestDelete}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </span>
      )}
    >
      <FormDialog open={rename.isOpen} onOpenChange={(isOpen) => setRename((current) => ({ ...current, isOpen }))}>
        {rename.tag && <RenameTagForm key={rename.tag.id} tag={rename.tag} onDone={() => setRename((current) => ({ ...current, isOpen: false }))} />}
      </FormDialog>
    </CollectionPanel>
  );
}

function RenameTagForm({ tag, onDone }: { tag: BlogTag; onDone(): void }) {
  const renameTag = useRenameBlogTag();
  const form = useForm({
    resolver: schemaResolver<BlogTagInput & { name: string }, typeof BlogTagInputSchema>(BlogTagInputSchema),
    defaultValues: { name: tag.name },
  });
  return (
    <FormDialogBody
      form={form}
      title="Rename Tag"
      description="The new name replaces the old one in every post."
      submitLabel="Rename Tag"
      pendingLabel="Saving..."
      onCancel={onDone}
      onSubmit={async ({ name }) => {
        await renameTag.mutateAsync({ id: tag.id, input: { name } });
        toast.success('Tag updated successfully');
        onDone();
      }}
      onError={(error) => toast.error('Failed to update tag', { description: serverMessageOr(error, 'Failed to update tag') })}
    >
      <Field name="name" label="Name" required>
        <Input {...form.register('name')} />
      </Field>
    </FormDialogBody>
  );
}
