import {
  type AdminAffiliateProduct,
  CreateAffiliateProductSchema,
} from '../../../../shared/schemas/affiliate-products';
import { useSaveAffiliateProduct } from '../api/affiliate-products';
import { Field, SwitchField, TextareaField, useSchemaForm } from '~/components/form';
import { FormDialogBody, type ItemDialogProps, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
import { Input } from '~/components/ui/input';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The form's values as the controls hold them (the API reads the same snake_case names, decision 0027). */
interface ProductFormValues {
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

const defaultValues = (product: AdminAffiliateProduct | null): ProductFormValues => ({
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

/** Add / edit an affiliate product (issue 12). `item` null means Add. */
export function ProductFormDialog(props: ItemDialogProps<AdminAffiliateProduct>) {
  return <ItemFormDialog {...props} className="sm:max-w-xl" Form={ProductForm} />;
}

function ProductForm({ item: product, onDone }: ItemFormProps<AdminAffiliateProduct>) {
  const save = useSaveAffiliateProduct();
  const form = useSchemaForm(CreateAffiliateProductSchema, defaultValues(product));
  return (
    <FormDialogBody
      form={form}
      {...itemFormLabels(product !== null, 'Product', { add: 'Add' })}
      description={<>Blog ads of type affiliate link can point at a product; visitors go through /go/{'{id}'}.</>}
      onCancel={onDone}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: product?.id ?? null, input });
        toast.success(product ? 'Product updated successfully!' : 'Product created successfully!');
        onDone();
      }}
      onError={(error) =>
        toast.error('Failed to save product', { description: serverMessageOr(error, 'Please try again.') })
      }
    >
      <Field name="name" label="Name" required>
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <Field name="affiliate_link" label="Affiliate link" required description="Where /go/{id} sends visitors.">
        <Input
          type="url"
          autoComplete="off"
          placeholder="e.g. https://vendor.example/product?ref=jotit"
          {...form.register('affiliate_link')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="price" label="Price" description="In dollars, up to 2 decimals.">
          <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
        </Field>
        <Field name="commission_rate" label="Commission rate (%)" description="0 to 100.">
          <Input inputMode="decimal" autoComplete="off" {...form.register('commission_rate')} />
        </Field>
        <Field name="vendor" label="Vendor">
          <Input autoComplete="off" {...form.register('vendor')} />
        </Field>
        <Field name="category" label="Category">
          <Input autoComplete="off" {...form.register('category')} />
        </Field>
      </div>
      <Field name="featured_image_url" label="Featured image URL">
        <Input type="url" autoComplete="off" {...form.register('featured_image_url')} />
      </Field>
      <TextareaField name="description" label="Description" rows={3} />
      <div className="rounded-lg border p-4">
        <SwitchField
          name="is_active"
          label="Active"
          description="An inactive product's /go/{id} link answers Not Found."
        />
      </div>
    </FormDialogBody>
  );
}
