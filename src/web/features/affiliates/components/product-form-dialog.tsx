import {
  type AdminAffiliateProduct,
  CreateAffiliateProductSchema,
} from '../../../../shared/schemas/affiliate-products';
import { useSaveAffiliateProduct } from '../api/affiliate-products';
import { InputField, SwitchField, TextareaField, useSchemaForm } from '~/components/form';
import { FormDialogBody, type ItemDialogProps, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
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
      <InputField name="name" label="Name" required autoComplete="off" />
      <InputField
        name="affiliate_link"
        label="Affiliate link"
        required
        description="Where /go/{id} sends visitors."
        type="url"
        autoComplete="off"
        placeholder="e.g. https://vendor.example/product?ref=jotit"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          name="price"
          label="Price"
          description="In dollars, up to 2 decimals."
          inputMode="decimal"
          autoComplete="off"
        />
        <InputField
          name="commission_rate"
          label="Commission rate (%)"
          description="0 to 100."
          inputMode="decimal"
          autoComplete="off"
        />
        <InputField name="vendor" label="Vendor" autoComplete="off" />
        <InputField name="category" label="Category" autoComplete="off" />
      </div>
      <InputField name="featured_image_url" label="Featured image URL" type="url" autoComplete="off" />
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
