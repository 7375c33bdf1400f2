import { useId, useState } from 'react';
import { type AdminAffiliateProduct, CreateAffiliateProductSchema } from '../../../../shared/schemas/affiliate-products';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import { ApiError, serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useSaveAffiliateProduct } from '../api/affiliate-products';

interface Values {
  name: string;
  affiliate_link: string;
  description: string;
  price: string;
  commission_rate: string;
  vendor: string;
  category: string;
  featured_image_url: string;
  is_active: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

const toValues = (product: AdminAffiliateProduct | null): Values => ({
  name: product?.name ?? '',
  affiliate_link: product?.affiliateLink ?? '',
  description: product?.description ?? '',
  price: product?.price ?? '',
  commission_rate: product?.commissionRate ?? '',
  vendor: product?.vendor ?? '',
  category: product?.category ?? '',
  featured_image_url: product?.featuredImageUrl ?? '',
  is_active: product?.isActive ?? true,
});

function toErrors(issues: readonly { path?: readonly PropertyKey[]; field?: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path?.[0] ?? issue.field ?? '') as keyof Values;
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

function Field({ label, error, children }: { label: string; error?: string; children(props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }): React.ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function ProductFormDialog({ open, product, onOpenChange }: { open: boolean; product: AdminAffiliateProduct | null; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>Blog ads of type affiliate link can point at a product; visitors go through /go/{'{id}'}.</DialogDescription>
        </DialogHeader>
        <ProductForm product={product} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({ product, onDone }: { product: AdminAffiliateProduct | null; onDone(): void }) {
  const [values, setValues] = useState<Values>(() => toValues(product));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveAffiliateProduct();
  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof Values];
      return next;
    });
  };

  function submit() {
    const parsed = CreateAffiliateProductSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toErrors(parsed.error.issues));
      toast.error('Failed to save product', { description: 'Please correct the highlighted fields.' });
      return;
    }
    save.mutate(
      { id: product?.id ?? null, input: values },
      {
        onSuccess: () => {
          toast.success(product ? 'Product updated successfully!' : 'Product created successfully!');
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && Array.isArray(error.details)) setErrors(toErrors(error.details as { field?: string; message: string }[]));
          toast.error('Failed to save product', { description: serverMessageOr(error, 'Please try again.') });
        },
      },
    );
  }

  const text = (key: Exclude<keyof Values, 'is_active'>, props: Partial<React.ComponentProps<typeof Input>> = {}) => (field: object) => (
    <Input {...field} {...props} value={values[key]} onChange={(event) => change({ [key]: event.target.value })} />
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field label="Name" error={errors.name}>
        {text('name')}
      </Field>
      <Field label="Affiliate link" error={errors.affiliate_link}>
        {text('affiliate_link', { type: 'url', placeholder: 'https://' })}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Price" error={errors.price}>
          {text('price', { inputMode: 'decimal', placeholder: '19.99' })}
        </Field>
        <Field label="Commission rate (%)" error={errors.commission_rate}>
          {text('commission_rate', { inputMode: 'decimal', placeholder: '10' })}
        </Field>
        <Field label="Vendor" error={errors.vendor}>
          {text('vendor')}
        </Field>
        <Field label="Category" error={errors.category}>
          {text('category')}
        </Field>
      </div>
      <Field label="Featured image URL" error={errors.featured_image_url}>
        {text('featured_image_url', { type: 'url', placeholder: 'https://' })}
      </Field>
      <Field label="Description" error={errors.description}>
        {(field) => <Textarea {...field} rows={3} value={values.description} onChange={(event) => change({ description: event.target.value })} />}
      </Field>
      <div className="flex items-center gap-3">
        <Switch id="affiliate-active" checked={values.is_active} onCheckedChange={(is_active) => change({ is_active })} />
        <Label htmlFor="affiliate-active">Active</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : product ? 'Update Product' : 'Add Product'}
        </Button>
      </DialogFooter>
    </form>
  );
}
