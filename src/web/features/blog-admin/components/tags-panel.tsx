/** Tags management (issue 11 item 2): the tags with their post counts; rename (in every post) or delete (from every post). */
import { TagIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type BlogTag, type BlogTagInput, BlogTagInputSchema } from '../../../../shared/schemas/blog';
import { InputField, schemaResolver } from '~/components/form';
import { FormDialog, FormDialogBody } from '~/components/form-dialog';
import { ROW_ACTIONS_HEADER, RowActions } from '~/components/row-actions';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useBlogTags, useDeleteBlogTag, useRenameBlogTag } from '../api/blog-tags';
import { type CollectionColumns, collectionTableOptions, CollectionPanel } from './collection-panel';

const TABLE_OPTIONS = collectionTableOptions('tags');
type TagActions = { onRename(tag: BlogTag): void; onDelete(tag: BlogTag): void };

export function TagsPanel() {
  const tagsQuery = useBlogTags();
  const deleteTag = useDeleteBlogTag();
  const [rename, setRename] = useState<{ tag: BlogTag | null; isOpen: boolean }>({ tag: null, isOpen: false });

  return (
    <CollectionPanel
      id="blog-tags"
      title="Tags"
      description="Tags come from the posts. Renaming or deleting one changes every post that uses it."
      tableOptions={TABLE_OPTIONS}
      query={tagsQuery}
      loadingLabel="Loading tags..."
      fetchError="Failed to fetch blog tags"
      empty={{ icon: TagIcon, text: 'No tags yet. Add them to a post in its Settings.' }}
      label="Tags"
      deletion={{
        title: 'Delete tag?',
        description: (tag) => `Are you sure you want to delete the tag "${tag.name}"? It is removed from every post.`,
        remove: (tag) => deleteTag.mutateAsync(tag.id),
        isPending: deleteTag.isPending,
        succeeded: 'Tag deleted successfully',
        failed: 'Failed to delete tag',
        failedFallback: 'Failed to delete tag',
      }}
      columns={(requestDelete) => tagColumns({ onRename: (tag) => setRename({ tag, isOpen: true }), onDelete: requestDelete })}
      renderCard={(tag, requestDelete) => (
        <div className="flex items-center justify-between gap-3">
          <TagName tag={tag} />
          <RowActions name={`tag ${tag.name}`} editVerb="Rename" onEdit={() => setRename({ tag, isOpen: true })} onDelete={requestDelete} />
        </div>
      )}
    >
      <FormDialog open={rename.isOpen} onOpenChange={(isOpen) => setRename((current) => ({ ...current, isOpen }))}>
        {rename.tag && <RenameTagForm key={rename.tag.id} tag={rename.tag} onDone={() => setRename((current) => ({ ...current, isOpen: false }))} />}
      </FormDialog>
    </CollectionPanel>
  );
}

/** Tag (with its post count), Actions — the table from 768 px. */
function tagColumns({ onRename, onDelete }: TagActions): CollectionColumns<BlogTag> {
  return [
    { id: 'name', header: 'Tag', meta: { cellClassName: 'whitespace-normal' }, cell: ({ row }) => <TagName tag={row.original} /> },
    {
      id: 'actions',
      header: ROW_ACTIONS_HEADER,
      enableHiding: false,
      meta: { headClassName: 'w-28', cellClassName: 'text-right' },
      cell: ({ row }) => <RowActions name={`tag ${row.original.name}`} editVerb="Rename" onEdit={() => onRename(row.original)} onDelete={() => onDelete(row.original)} />,
    },
  ];
}

function TagName({ tag }: { tag: BlogTag }) {
  return (
    <span className="min-w-0 wrap-anywhere">
      {tag.name} <span className="text-xs text-muted-foreground">({tag.postCount} {tag.postCount === 1 ? 'post' : 'posts'})</span>
    </span>
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
      <InputField name="name" label="Name" required />
    </FormDialogBody>
  );
}
