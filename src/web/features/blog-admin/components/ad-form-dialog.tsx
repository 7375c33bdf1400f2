/** Create Ad / Edit Ad (spec §3/§5 ad fields) on the kit's FormDialog, checked with the shared schema (the spec's texts). */
import { useWatch } from 'react-hook-form';
import {
  BLOG_AD_POSITIONS,
  BLOG_AD_TYPES,
  type BlogAd,
  type BlogAdPosition,
  type BlogAdType,
  CreateBlogAdSchema,
} from '../../../../shared/schemas/blog';
import { Field, FieldGrid, FieldSelect, InputField, SwitchField, TextareaField, useSchemaForm } from '~/components/form';
import { FormDialogBody, type ItemDialogProps, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
import { ImageField } from '~/components/image-upload';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useAffiliateProductOptions } from '../api/affiliate-products';
import { useSaveBlogAd } from '../api/blog-ads';

export const AD_TYPE_LABELS: Record<BlogAdType, string> = {
  banner: 'Banner',
  inline: 'Inline',
  sidebar: 'Sidebar',
  affiliate_link: 'Affiliate link',
};
export const AD_POSITION_LABELS: Record<BlogAdPosition, string> = {
  top: 'Top',
  middle: 'Middle',
  bottom: 'Bottom',
  sidebar: 'Sidebar',
};

/** The form's values: the spec's snake_case fields as the controls hold them (strings; the schema reads them). */
interface AdFormValues {
  name: string;
  type: BlogAdType;
  content: string;
  image_url: string;
  target_url: string;
  alt_text: string;
  position: BlogAdPosition;
  priority: string;
  is_active: boolean;
  /** '' = none; an affiliate_link ad may point at a product (issue 12). */
  affiliate_product_id: string;
}

/** Spec §9 defaults: type banner, position top, priority 1, active. */
const DEFAULTS: AdFormValues = {
  name: '',
  type: 'banner',
  content: '',
  image_url: '',
  target_url: '',
  alt_text: '',
  position: 'top',
  priority: '1',
  is_active: true,
  affiliate_product_id: '',
};

const toValues = (ad: BlogAd | null): AdFormValues =>
  ad
    ? {
        name: ad.name,
        type: ad.type,
        content: ad.content,
        image_url: ad.imageUrl ?? '',
        target_url: ad.targetUrl ?? '',
        alt_text: ad.altText ?? '',
        position: ad.position,
        priority: String(ad.priority),
        is_active: ad.isActive,
        affiliate_product_id: ad.affiliateProductId === null ? '' : String(ad.affiliateProductId),
      }
    : DEFAULTS;

const typeOptions = BLOG_AD_TYPES.map((type) => ({ value: type, label: AD_TYPE_LABELS[type] }));
const positionOptions = BLOG_AD_POSITIONS.map((position) => ({ value: position, label: AD_POSITION_LABELS[position] }));

export function AdFormDialog(props: ItemDialogProps<BlogAd>) {
  return <ItemFormDialog {...props} className="max-h-[90vh] overflow-y-auto sm:max-w-xl" Form={AdForm} />;
}

function AdForm({ item: ad, onDone }: ItemFormProps<BlogAd>) {
  const save = useSaveBlogAd();
  const form = useSchemaForm(CreateBlogAdSchema, toValues(ad));
  const isAffiliate = useWatch({ control: form.control, name: 'type' }) === 'affiliate_link';
  return (
    <FormDialogBody
      form={form}
      {...itemFormLabels(ad !== null, 'Ad')}
      description="Ads show on the posts they are attached to, at their position."
      onCancel={onDone}
      onSubmit={async (input) => {
        // Only an affiliate_link ad points at a product.
        await save.mutateAsync({ id: ad?.id ?? null, input: { ...input, affiliate_product_id: isAffiliate ? (input.affiliate_product_id ?? null) : null } });
        toast.success(ad ? 'Ad updated successfully!' : 'Ad created successfully!');
        onDone();
      }}
      onError={(error) =>
        toast.error('Failed to save ad', { description: serverMessageOr(error, ad ? 'Failed to update blog ad' : 'Failed to create blog ad') })
      }
    >
      <InputField name="name" label="Name" required />
      <FieldGrid columns="thirds">
        <Field name="type" label="Type">
          <FieldSelect name="type" options={typeOptions} />
        </Field>
        <Field name="position" label="Position">
          <FieldSelect name="position" options={positionOptions} />
        </Field>
        <InputField
          name="priority"
          label="Priority"
          description="1 shows first."
          type="number"
          min={1}
          inputMode="numeric"
        />
      </FieldGrid>
      <TextareaField
        name="content"
        label="Content"
        required
        description="The ad's text; its card here shows the first 200 characters."
        rows={4}
      />
      <ImageField name="image_url" altName="alt_text" label="Image" shape="square" saveHint="Save the ad to keep it." />
      {isAffiliate && <ProductPicker />}
      <InputField
        name="target_url"
        label="Target URL"
        description="Where the ad links, e.g. https://shop.example.com/offer."
        type="url"
        inputMode="url"
      />
      <SwitchField name="is_active" label="Active" description="Inactive ads stay attached but are not shown." />
    </FormDialogBody>
  );
}

/** An affiliate_link ad may point at an affiliate product: its public link then goes through /go/{id} (issue 12). */
function ProductPicker() {
  const products = useAffiliateProductOptions();
  return (
    <Field name="affiliate_product_id" label="Affiliate product" description="With a product, the ad links through /go/{id} (clicks counted) instead of the target URL.">
      <FieldSelect
        name="affiliate_product_id"
        options={[
          { value: '', label: 'No product (use the target URL)' },
          ...(products.data?.items ?? []).map((product) => ({ value: String(product.id), label: `${product.name}${product.isActive ? '' : ' (inactive)'}` })),
        ]}
      />
    </Field>
  );
}
