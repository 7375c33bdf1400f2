/** Create Ad / Edit Ad (spec §3/§5 ad fields, validated with the shared schema so the texts are the spec's). */
import { useState } from 'react';
import {
  BLOG_AD_POSITIONS,
  BLOG_AD_TYPES,
  type BlogAd,
  type BlogAdPosition,
  type BlogAdType,
  CreateBlogAdSchema,
} from '../../../../shared/schemas/blog';
import { Button } from '~/components/ui/button';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import { ApiError, serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useAffiliateProductOptions } from '../api/affiliate-products';
import { useSaveBlogAd } from '../api/blog-ads';
import { FormField } from './form-field';
import { ImageUrlField } from './image-url-field';

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
type AdErrors = Partial<Record<keyof AdFormValues, string>>;

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

function adErrors(issues: readonly { path?: readonly PropertyKey[]; field?: string; message: string }[]): AdErrors {
  const errors: AdErrors = {};
  for (const issue of issues) {
    const key = String(issue.path?.[0] ?? issue.field ?? '') as keyof AdFormValues;
    if (key in DEFAULTS && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export function AdFormDialog({
  open,
  ad,
  onOpenChange,
}: {
  open: boolean;
  ad: BlogAd | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{ad ? 'Edit Ad' : 'Create Ad'}</DialogTitle>
          <DialogDescription>Ads show on the posts they are attached to, at their position.</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only, so each opening starts from the ad's values. */}
        <AdForm ad={ad} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AdForm({ ad, onDone }: { ad: BlogAd | null; onDone(): void }) {
  const [values, setValues] = useState<AdFormValues>(() => toValues(ad));
  const [errors, setErrors] = useState<AdErrors>({});
  const save = useSaveBlogAd();

  const change = (patch: Partial<AdFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof AdFormValues];
      return next;
    });
  };

  function submit() {
    const body = {
      ...values,
      image_url: values.image_url || null,
      target_url: values.target_url || null,
      alt_text: values.alt_text || null,
      affiliate_product_id: values.type === 'affiliate_link' && values.affiliate_product_id ? Number(values.affiliate_product_id) : null,
    };
    const parsed = CreateBlogAdSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(adErrors(parsed.error.issues));
      toast.error('Failed to save ad', { description: 'Please correct the highlighted fields.' });
      return;
    }
    save.mutate(
      { id: ad?.id ?? null, input: body },
      {
        onSuccess: () => {
          toast.success(ad ? 'Ad updated successfully!' : 'Ad created successfully!');
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && Array.isArray(error.details))
            setErrors(adErrors(error.details as { field?: string; message: string }[]));
          toast.error('Failed to save ad', {
            description: serverMessageOr(error, ad ? 'Failed to update blog ad' : 'Failed to create blog ad'),
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
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Type" error={errors.type}>
          {(field) => (
            <Select value={values.type} onValueChange={(type) => change({ type: type as BlogAdType })}>
              <SelectTrigger {...field} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {BLOG_AD_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {AD_TYPE_LABELS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Position" error={errors.position}>
          {(field) => (
            <Select
              value={values.position}
              onValueChange={(position) => change({ position: position as BlogAdPosition })}
            >
              <SelectTrigger {...field} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {BLOG_AD_POSITIONS.map((position) => (
                  <SelectItem key={position} value={position}>
                    {AD_POSITION_LABELS[position]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Priority" error={errors.priority}>
          {(field) => (
            <Input
              {...field}
              type="number"
              min={1}
              inputMode="numeric"
              value={values.priority}
              onChange={(event) => change({ priority: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <FormField
        label="Content"
        error={errors.content}
        hint="The ad's text; its card here shows the first 200 characters."
      >
        {(field) => (
          <Textarea
            {...field}
            rows={4}
            value={values.content}
            onChange={(event) => change({ content: event.target.value })}
          />
        )}
      </FormField>
      <ImageUrlField
        label="Image URL"
        value={values.image_url}
        error={errors.image_url}
        onChange={(image_url) => change({ image_url })}
      />
      <FormField label="Alt text" error={errors.alt_text}>
        {(field) => (
          <Input {...field} value={values.alt_text} onChange={(event) => change({ alt_text: event.target.value })} />
        )}
      </FormField>
      {values.type === 'affiliate_link' && <ProductPicker value={values.affiliate_product_id} error={errors.affiliate_product_id} onChange={(affiliate_product_id) => change({ affiliate_product_id })} />}
      <FormField label="Target URL" error={errors.target_url}>
        {(field) => (
          <Input
            {...field}
            type="url"
            placeholder="https://"
            value={values.target_url}
            onChange={(event) => change({ target_url: event.target.value })}
          />
        )}
      </FormField>
      <div className="flex items-center gap-3">
        <Switch id="blog-ad-active" checked={values.is_active} onCheckedChange={(is_active) => change({ is_active })} />
        <Label htmlFor="blog-ad-active">Active</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : ad ? 'Update Ad' : 'Create Ad'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** An affiliate_link ad may point at an affiliate product: its public link then goes through /go/{id} (issue 12). */
function ProductPicker({ value, error, onChange }: { value: string; error?: string; onChange(value: string): void }) {
  const products = useAffiliateProductOptions();
  return (
    <FormField label="Affiliate product" error={error} hint="With a product, the ad links through /go/{id} (clicks counted) instead of the target URL.">
      {(field) => (
        <Select value={value || 'none'} onValueChange={(next) => onChange(next === 'none' ? '' : next)}>
          <SelectTrigger {...field} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="none">No product (use the target URL)</SelectItem>
            {(products.data?.items ?? []).map((product) => (
              <SelectItem key={product.id} value={String(product.id)}>
                {product.name}
                {product.isActive ? '' : ' (inactive)'}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}
