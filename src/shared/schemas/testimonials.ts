import { ResponsiveImageSchema } from './responsive-image.ts';
import { z } from 'zod';
import { blank, nullableText, booleanField, optionalFields } from './fields.ts';
import { isBlogUrl } from './blog.ts';
import { safeString } from './text.ts';
import { writeBody } from './wire.ts';
import { pagingQuery } from './paging.ts';

/**
 * Testimonials (spec §3 Testimonial; §4: isPublished, a new one is published by default). The API takes the
 * snake_case form fields (camelCase aliases accepted) and answers camelCase, as the blog does.
 */
export const TESTIMONIAL_TEXTS = {
  nameRequired: 'Customer name is required',
  textRequired: 'Testimonial text is required',
  rating: 'Rating must be a whole number from 1 to 5',
  invalidUrl: 'Avatar URL must be a valid URL',
  notFound: 'Testimonial not found',
} as const;

const fields = {
  customer_name: safeString('Customer name', { error: TESTIMONIAL_TEXTS.nameRequired })
    .trim()
    .min(1, TESTIMONIAL_TEXTS.nameRequired)
    .max(100, 'Customer name must be at most 100 characters'),
  customer_title: nullableText('Customer title', 100),
  customer_company: nullableText('Customer company', 100),
  testimonial_text: safeString('Testimonial text', { error: TESTIMONIAL_TEXTS.textRequired })
    .trim()
    .min(1, TESTIMONIAL_TEXTS.textRequired)
    .max(2000, 'Testimonial text must be at most 2000 characters'),
  /** 1–5 stars, or none. Numeric strings accepted (a form's select). */
  rating: z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: TESTIMONIAL_TEXTS.rating }).int(TESTIMONIAL_TEXTS.rating).min(1, TESTIMONIAL_TEXTS.rating).max(5, TESTIMONIAL_TEXTS.rating).nullable().optional(),
  ),
  /** An absolute http(s) URL or an uploaded file's path; blank → null. */
  avatar_url: z.preprocess(
    blank,
    safeString('Avatar URL').trim().max(2000, TESTIMONIAL_TEXTS.invalidUrl).refine(isBlogUrl, TESTIMONIAL_TEXTS.invalidUrl).nullable().optional(),
  ),
  is_featured: booleanField('Featured'),
  is_published: booleanField('Published'),
};

/** `POST /api/testimonials` (admin). */
export const CreateTestimonialSchema = writeBody({ ...fields, is_featured: fields.is_featured.default(false), is_published: fields.is_published.default(true) });
export type CreateTestimonial = z.input<typeof CreateTestimonialSchema>;

/** `PATCH /api/testimonials/{id}` (admin): any of the fields. */
export const UpdateTestimonialSchema = writeBody(optionalFields(fields));
export type UpdateTestimonial = Record<string, unknown>;

export const TestimonialSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerTitle: z.string().nullable(),
  customerCompany: z.string().nullable(),
  testimonialText: z.string(),
  rating: z.number().int().nullable(),
  avatarUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  isPublished: z.boolean(),
  createdAt: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** What the public sees (home page, `GET /api/testimonials?published=true`). */
export const PublicTestimonialSchema = TestimonialSchema.omit({ isPublished: true, createdAt: true }).extend({
  /** The photo's box and sizes when it is an upload (issue 39 §3). */
  avatarImage: ResponsiveImageSchema.nullable().optional(),
});
export type PublicTestimonial = z.infer<typeof PublicTestimonialSchema>;

export const TestimonialListQuerySchema = z.object({
  /** `true`: published only (anyone). Absent or `false`: admins only. */
  published: z.enum(['true', 'false'], { error: 'Published must be true or false' }).optional(),
  q: safeString('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  ...pagingQuery(50),
});
export type TestimonialListQuery = z.input<typeof TestimonialListQuerySchema>;

export const TestimonialListSchema = z.object({ items: z.array(TestimonialSchema), total: z.number().int() });
export type TestimonialList = z.infer<typeof TestimonialListSchema>;
export const PublicTestimonialListSchema = z.object({ items: z.array(PublicTestimonialSchema), total: z.number().int() });
