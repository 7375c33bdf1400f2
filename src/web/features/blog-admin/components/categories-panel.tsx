/**
 * Categories management (issue 11 item 2): name, slug, description and colour (react-colorful). A category used by
 * posts cannot be deleted: the server answers 409 with the count, shown as the toast's text.
 */
import { AlertTriangleIcon, FolderIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { HexColorInput, HexColorPicker } from 'react-colorful';
import { type BlogCategoryWithCount, CreateBlogCategorySchema } from '../../../../shared/schemas/blog';
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
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { Textarea } from '~/components/ui/textarea';
import { ApiError, serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useBlogCategories, useDeleteBlogCategory, useSaveBlogCategory } from '../api/blog-categories';
import { FormField } from './form-field';

const DEFAULT_COLOR = '#3b82f6';

export function CategoriesPanel() {
  const categoriesQuery = useBlogCategories();
  const deleteCategory = useDeleteBlogCategory();
  const [formCategory, setFormCategory] = useState<BlogCategoryWithCount | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [categoryToDelete, setCategoryToDelete] = useState<BlogCategoryWithCount | null>(null);

  function openForm(category: BlogCategoryWithCount | null) {
    setFormCategory(category);
    setIsFormOpen(true);
  }

  function confirmDelete(category: BlogCategoryWithCount) {
    deleteCategory.mutate(category.id, {
      onSuccess: () => {
        toast.success('Category deleted successfully');
        setCategoryToDelete(null);
      },
      onError: (error) => {
        toast.error('Failed to delete category', { description: serverMessageOr(error, 'Failed to delete category') });
        setCategoryToDelete(null);
      },
    });
  }

  return (
    <section aria-labelledby="blog-categories-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="blog-categories-heading" className="text-lg font-semibold">
            Categories
          </h2>
          <p className="text-sm text-muted-foreground">
            The public blog's filters. A category in use cannot be deleted.
          </p>
        </div>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Add Category
        </Button>
      </div>
      {categoriesQuery.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading categories...</span>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-16 w-full" />
          ))}
        </div>
      ) : categoriesQuery.isError ? (
        <Card>
          <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
            <p className="text-destructive">Failed to fetch blog categories</p>
            <Button variant="outline" onClick={() => void categoriesQuery.refetch()}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : categoriesQuery.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <FolderIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="text-muted-foreground">No categories yet.</p>
          </CardContent>
        </Card>
      ) : (
        <ul aria-label="Categories" className="grid gap-3 md:grid-cols-2">
          {categoriesQuery.data.map((category) => (
            <li key={category.id}>
              <Card className="h-full">
                <CardContent className="flex items-start justify-between gap-3 px-4 sm:px-6">
                  <div className="flex min-w-0 gap-3">
                    <span
                      aria-hidden="true"
                      className="mt-1 size-4 shrink-0 rounded-full border"
                      style={{ backgroundColor: category.color ?? DEFAULT_COLOR }}
                    />
                    <div className="min-w-0">
                      <h3 className="font-semibold">{category.name}</h3>
                      <p className="text-xs text-muted-foreground">
                        /{category.slug} · {category.postCount} post{category.postCount === 1 ? '' : 's'}
                      </p>
                      {category.description && (
                        <p className="mt-1 text-sm text-muted-foreground">{category.description}</p>
                      )}
                    </div>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit category ${category.name}`}
                      onClick={() => openForm(category)}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive"
                      aria-label={`Delete category ${category.name}`}
                      onClick={() => setCategoryToDelete(category)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <CategoryFormDialog open={isFormOpen} category={formCategory} onOpenChange={setIsFormOpen} />
      <ConfirmDeleteDialog
        item={categoryToDelete}
        title="Delete category?"
        description={categoryToDelete ? `Are you sure you want to delete the category "${categoryToDelete.name}"?` : ''}
        isDeleting={deleteCategory.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setCategoryToDelete(null);
        }}
      />
    </section>
  );
}

interface CategoryValues {
  name: string;
  slug: string;
  description: string;
  color: string;
}
type CategoryErrors = Partial<Record<keyof CategoryValues, string>>;

function CategoryFormDialog({
  open,
  category,
  onOpenChange,
}: {
  open: boolean;
  category: BlogCategoryWithCount | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{category ? 'Edit Category' : 'Add Category'}</DialogTitle>
          <DialogDescription>Renaming a category renames it on its posts too.</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only, so each opening starts from the category's values. */}
        <CategoryForm category={category} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CategoryForm({ category, onDone }: { category: BlogCategoryWithCount | null; onDone(): void }) {
  const [values, setValues] = useState<CategoryValues>(() => ({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    color: category?.color ?? DEFAULT_COLOR,
  }));
  const [errors, setErrors] = useState<CategoryErrors>({});
  const save = useSaveBlogCategory();

  const change = (patch: Partial<CategoryValues>) => setValues((current) => ({ ...current, ...patch }));

  function submit() {
    const parsed = CreateBlogCategorySchema.safeParse(values);
    if (!parsed.success) {
      const next: CategoryErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof CategoryValues;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    save.mutate(
      { id: category?.id ?? null, input: values },
      {
        onSuccess: () => {
          toast.success(category ? 'Category updated successfully' : 'Category created successfully');
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setErrors({ name: error.message });
          toast.error(category ? 'Failed to update category' : 'Failed to create category', {
            description: serverMessageOr(error, 'Failed to save category'),
          });
        },
      },
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField label="Name" error={errors.name}>
        {(field) => <Input {...field} value={values.name} onChange={(event) => change({ name: event.target.value })} />}
      </FormField>
      <FormField label="Slug" error={errors.slug} hint="Empty: made from the name.">
        {(field) => <Input {...field} value={values.slug} onChange={(event) => change({ slug: event.target.value })} />}
      </FormField>
      <FormField label="Description" error={errors.description}>
        {(field) => (
          <Textarea
            {...field}
            rows={2}
            value={values.description}
            onChange={(event) => change({ description: event.target.value })}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-2">
        <Label htmlFor="blog-category-color">Colour</Label>
        <div className="flex flex-wrap items-start gap-4">
          <HexColorPicker color={values.color} onChange={(color) => change({ color })} aria-label="Colour picker" />
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="size-8 rounded-md border" style={{ backgroundColor: values.color }} />
            <HexColorInput
              id="blog-category-color"
              prefixed
              color={values.color}
              onChange={(color) => change({ color })}
              aria-invalid={errors.color ? true : undefined}
              className="h-10 w-28 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
            />
          </div>
        </div>
        {errors.color && <p className="text-sm text-destructive">{errors.color}</p>}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : category ? 'Update Category' : 'Add Category'}
        </Button>
      </DialogFooter>
    </form>
  );
}
