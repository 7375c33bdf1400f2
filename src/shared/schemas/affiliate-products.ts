import { z } from 'zod';
import { blank, nullableText, booleanField, optionalFields } from './fields.ts';
import { safeString } from './text.ts';
import { writeBody } from './wire.ts';
import { pagingQuery } from './paging.ts';

/**
 * Affiliate products (spec §3, issue 12): name and affiliate link required; price and commission rate are
 * decimals carried as strings ("19.99", "12.50"), never floats; active by default (spec §4 isActive). Written
 * under the names it is read with (camelCase), the form's snake_case names accepted as aliases (decision 0027).
 */
export const AFFILIATE_TEXTS = {
  nameRequired: 'Name is required',
  linkRequired: 'Affiliate link is required',
  invalidUrl: (label: string) => `${label} must be a valid http(s) URL`,
  price: 'Price must be a decimal like 19.99 (at most 8 digits before the point and 2 after)',
  commissionRate: 'Commission rate must be a percentage like 12.5 (0 to 100, at most 2 decimals)',
  notFound: 'Affiliate product not found',
} as const;

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const url = (label: string) => safeString(label).trim().max(2000, AFFILIATE_TEXTS.invalidUrl(label)).refine(isHttpUrl, AFFILIATE_TEXTS.invalidUrl(label));

/**
 * A decimal as a string (a JSON number is accepted only when it is already exact in decimal, e.g. 19.99 → "19.99");
 * `digits` before the point at most, 2 after; normalised to 2 decimals.
 */
const decimal = (message: string, digits: number, max?: number) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : blank(value)),
    safeString(undefined, { error: message })
      .trim()
      .regex(new RegExp(`^\\d{1,${digits}}(?:\\.\\d{1,2})?$`), message)
      .refine((value) => max === undefined || Number(value) <= max, message)
      .transform((value) => {
        const [whole, fraction = ''] = value.split('.');
        return `${BigInt(whole!).toString()}.${fraction.padEnd(2, '0')}`;
      })
      .nullable()
      .optional(),
  );

const productFields = {
  name: safeString('Name', { error: AFFILIATE_TEXTS.nameRequired }).trim().min(1, AFFILIATE_TEXTS.nameRequired).max(200, 'Name must be at most 200 characters'),
  description: nullableText('Description', 2000),
  price: decimal(AFFILIATE_TEXTS.price, 8),
  affiliate_link: safeString('Affiliate link', { error: AFFILIATE_TEXTS.linkRequired })
    .trim()
    .min(1, AFFILIATE_TEXTS.linkRequired)
    .max(2000, AFFILIATE_TEXTS.invalidUrl('Affiliate link'))
    .refine(isHttpUrl, AFFILIATE_TEXTS.invalidUrl('Affiliate link')),
  vendor: nullableText('Vendor', 200),
  category: nullableText('Category', 100),
  commission_rate: decimal(AFFILIATE_TEXTS.commissionRate, 3, 100),
  featured_image_url: z.preprocess(blank, url('Featured image URL').nullable().optional()),
  is_active: booleanField('Active'),
};

/** `POST /api/affiliate-products` (admin). */
export const CreateAffiliateProductSchema = writeBody({ ...productFields, is_active: productFields.is_active.default(true) });
export type CreateAffiliateProduct = z.input<typeof CreateAffiliateProductSchema>;

/** `PATCH /api/affiliate-products/{id}` (admin). */
export const UpdateAffiliateProductSchema = writeBody(optionalFields(productFields));
export type UpdateAffiliateProduct = z.input<typeof UpdateAffiliateProductSchema>;

export const AffiliateProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Decimal string, e.g. "19.99". */
  price: z.string().nullable(),
  affiliateLink: z.string(),
  vendor: z.string().nullable(),
  category: z.string().nullable(),
  /** Percentage as a decimal string, e.g. "12.50". */
  commissionRate: z.string().nullable(),
  featuredImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().int().nullable(),
});
export type AffiliateProduct = z.infer<typeof AffiliateProductSchema>;

export const AdminAffiliateProductSchema = AffiliateProductSchema.extend({ clicks30d: z.number().int() });
export type AdminAffiliateProduct = z.infer<typeof AdminAffiliateProductSchema>;

/** The public projection: no commission rate; the link to follow is `/go/{id}`. */
export const PublicAffiliateProductSchema = AffiliateProductSchema.pick({
  id: true,
  name: true,
  description: true,
  price: true,
  vendor: true,
  category: true,
  featuredImageUrl: true,
}).extend({ goUrl: z.string() });
export type PublicAffiliateProduct = z.infer<typeof PublicAffiliateProductSchema>;

export const AffiliateProductListQuerySchema = z.object({
  q: safeString('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  active: z.enum(['true', 'false'], { error: 'Active must be true or false' }).optional(),
  ...pagingQuery(20),
});
export type AffiliateProductListQuery = z.input<typeof AffiliateProductListQuerySchema>;

export const AdminAffiliateProductListSchema = z.object({ items: z.array(AdminAffiliateProductSchema), total: z.number().int() });
export type AdminAffiliateProductList = z.infer<typeof AdminAffiliateProductListSchema>;
export const PublicAffiliateProductListSchema = z.object({ items: z.array(PublicAffiliateProductSchema), total: z.number().int() });
