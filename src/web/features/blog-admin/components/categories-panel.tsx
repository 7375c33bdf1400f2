/**
 * Categories management (issue 11 item 2): name, slug, description and colour (react-colorful). A category used by
 * posts cannot be deleted: the server answers 409 with the count, shown as the toast's text.
 */
import { FolderIcon } from 'lucide-react';
import { useState } from 'react';
import { HexColorInput, HexColorPicker } from 'react-colorful';
import { Controller } from 'react-hook-form';
import { type BlogCategoryWithCount, CreateBlogCategorySchema } from '../../../../shared/schemas/blog';
import { Field, InputField, TextareaField, useSchemaForm } from '~/components/form';
import { FormDialogBody, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
import { ROW_ACTIONS_HEADER, RowActions } from '~/components/row-actions';
import { ApiError, serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useBlogCategories, useDeleteBlogCategory, useSaveBlogCategory } from '../api/blog-categories';
import { type CollectionColumns, collectionTableOptions, CollectionPanel } from './collection-panel';

const DEFAULT_COLOR = '#3b82f6';
const TABLE_OPTIONS = collectionTableOptions('categories');
type CategoryActions = { onEdit(category: BlogCategoryWithCount): void; onDelete(category: BlogCategoryWithCount): void };

export function CategoriesPanel() {
  const categoriesQuery = useBlogCategories();
  const deleteCategory = useDeleteBlogCategory();
  const [form, setForm] = useState<{ category: BlogCategoryWithCount | null; isOpen: boolean }>({ category: null, isOpen: false });

  return (
    <CollectionPanel
      id="blog-categories"
      title="Categories"
      description="The public blog's filters. A category in use cannot be deleted."
      add={{ label: 'Add Category', onClick: () => setForm({ category: null, isOpen: true }) }}
      tableOptions={TABLE_OPTIONS}
      query={categoriesQuery}
      loadingLabel="Loading categories..."
      fetchError="Failed to fetch blog categories"
      empty={{ icon: FolderIcon, text: 'No categories yet.' }}
      label="Categories"
      deletion={{
        title: 'Delete category?',
        description: (category) => `Are you sure you want to delete the category "${category.name}"?`,
        remove: (category) => deleteCategory.mutateAsync(category.id),
        isPending: deleteCategory.isPending,
        succeeded: 'Category deleted successfully',
        failed: 'Failed to delete category',
        failedFallback: 'Failed to delete category',
      }}
      columns={(requestDelete) => categoryColumns({ onEdit: (category) => setForm({ category, isOpen: true }), onDelete: requestDelete })}
      renderCard={(category, requestDelete) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <CategoryName category={category} />
            <RowActions name={`category ${category.name}`} onEdit={() => setForm({ category, isOpen: true })} onDelete={requestDelete} />
          </div>
          {category.description && <p className="text-sm text-muted-foreground wrap-anywhere">{category.description}</p>}
        </>
      )}
    >
      <ItemFormDialog
        open={form.isOpen}
        item={form.category}
        onOpenChange={(isOpen) => setForm((current) => ({ ...current, isOpen }))}
        className="max-h-[90vh] overflow-y-auto"
        Form={CategoryForm}
      />
    </CollectionPanel>
  );
}

/** Category (colour, name, slug), Posts, Description, Actions — the table from 768 px. */
function categoryColumns({ onEdit, onDelete }: CategoryActions): CollectionColumns<BlogCategoryWithCount> {
  return [
    { id: 'name', header: 'Category', meta: { cellClassName: 'max-w-72 whitespace-normal' }, cell: ({ row }) => <CategoryName category={row.original} /> },
    {
      id: 'description',
      header: 'Description',
      meta: { cellClassName: 'max-w-96 text-sm whitespace-normal text-muted-foreground wrap-anywhere' },
      cell: ({ row }) => row.original.description ?? '—',
    },
    {
      id: 'actions',
      header: ROW_ACTIONS_HEADER,
      enableHiding: false,
      meta: { headClassName: 'w-28', cellClassName: 'text-right' },
      cell: ({ row }) => <RowActions name={`category ${row.original.name}`} onEdit={() => onEdit(row.original)} onDelete={() => onDelete(row.original)} />,
    },
  ];
}

/** The colour dot, the name, and "/slug · N posts" under it. */
function CategoryName({ category }: { category: BlogCategoryWithCount }) {
  return (
    <div className="flex min-w-0 gap-3">
      <span aria-hidden="true" className="mt-1 size-4 shrink-0 rounded-full border" style={{ backgroundColor: category.color ?? DEFAULT_COLOR }} />
      <div className="min-w-0 wrap-anywhere">
        <span className="font-semibold">{category.name}</span>
        <p className="text-xs text-muted-foreground">
          /{category.slug} · {category.postCount} post{category.postCount === 1 ? '' : 's'}
        </p>
      </div>
    </div>
  );
}

function CategoryForm({ item: category, onDone }: ItemFormProps<BlogCategoryWithCount>) {
  const save = useSaveBlogCategory();
  const form = useSchemaForm(CreateBlogCategorySchema, {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    color: category?.color ?? DEFAULT_COLOR,
  });
  return (
    <FormDialogBody
      form={form}
      {...itemFormLabels(category !== null, 'Category', { add: 'Add' })}
      description="Renaming a category renames it on its posts too."
      onCancel={onDone}
      onSubmit={async () => {
        // The form's own values: a blank slug is sent blank, so the server makes it from the name.
        const values = form.getValues();
        try {
          await save.mutateAsync({ id: category?.id ?? null, input: values });
        } catch (error) {
          // A taken name or slug (409) has no field details: it belongs to the name.
          if (error instanceof ApiError && error.status === 409) {
            form.setError('name', { type: 'server', message: error.message });
            toast.error(category ? 'Failed to update category' : 'Failed to create category', { description: error.message });
            return;
          }
          throw error;
        }
        toast.success(category ? 'Category updated successfully' : 'Category created successfully');
        onDone();
      }}
      onError={(error) =>
        toast.error(category ? 'Failed to update category' : 'Failed to create category', {
          description: serverMessageOr(error, 'Failed to save category'),
        })
      }
    >
      <InputField name="name" label="Name" required />
      <InputField name="slug" label="Slug" description="Empty: made from the name." />
      <TextareaField name="description" label="Description" rows={2} />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <div className="flex flex-col gap-2">
            <Field name="color" label="Colour" description="The category's badge on the public blog.">
              <HexColorInput
                prefixed
                color={field.value}
                onChange={field.onChange}
                className="h-10 w-28 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
              />
            </Field>
            <div className="flex flex-wrap items-center gap-4">
              <HexColorPicker color={field.value} onChange={field.onChange} aria-label="Colour picker" />
              <span aria-hidden="true" className="size-8 rounded-md border" style={{ backgroundColor: field.value }} />
            </div>
          </div>
        )}
      />
    </FormDialogBody>
  );
}
