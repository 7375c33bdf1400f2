import { z } from 'zod';
import { dateText } from './fields.ts';
import { BANNER_DEFAULT_TEXT, BANNER_TYPE_COLORS, BANNER_TYPES } from '../constants.ts';
import { safeString } from './text.ts';

/** Site banners (spec §3 Banner, §5 validation, §9 defaults and type colours). */

export { type BannerType, bannerType } from '../format.ts';

export const BANNER_TYPE_ERROR = 'Type must be one of info, success, warning, error';

const hexColor = (label: string) =>
  safeString(label, { error: `${label} must be a hex colour like #3b82f6` })
    .trim()
    .regex(/^#[0-9a-f]{6}$/i, `${label} must be a hex colour like #3b82f6`)
    .transform((value) => value.toLowerCase());

/** Spec §5: display order is a number, default 0; a non-numeric value becomes 0. */
export const DisplayOrderSchema = z.preprocess((value) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.max(-1_000_000, Math.min(1_000_000, Math.trunc(number))) : 0;
}, z.number().int());

/** An optional date-time (dateText); an empty field or null clears it. */
const optionalDate = (label: string) =>
  z.preprocess((value) => (value === '' ? null : value), dateText(label).nullable().optional());

const bannerFields = {
  title: safeString('Title', { error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  message: safeString('Message', { error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message must be at most 2000 characters'),
  type: z.enum(BANNER_TYPES, { error: BANNER_TYPE_ERROR }),
  backgroundColor: hexColor('Background colour'),
  textColor: hexColor('Text colour'),
  isActive: z.boolean({ error: 'Active must be true or false' }),
  isCloseable: z.boolean({ error: 'Closeable must be true or false' }),
  displayOrder: DisplayOrderSchema,
  startDate: optionalDate('Start date'),
  endDate: optionalDate('End date'),
};

export const END_BEFORE_START_ERROR = 'End date must be after the start date';

const endAfterStart = (banner: { startDate?: Date | null; endDate?: Date | null }) =>
  !banner.startDate || !banner.endDate || banner.endDate > banner.startDate;

/**
 * `POST /api/banners`. Defaults of spec §5/§9: type info, active and closeable, order 0, white text, and a
 * background in the type's colour when none is given (info's is the default #3b82f6).
 */
export const CreateBannerSchema = z
  .object({
    ...bannerFields,
    type: bannerFields.type.default('info'),
    backgroundColor: bannerFields.backgroundColor.optional(),
    textColor: bannerFields.textColor.default(BANNER_DEFAULT_TEXT),
    isActive: bannerFields.isActive.default(true),
    isCloseable: bannerFields.isCloseable.default(true),
    // Optional for the document too (a preprocess alone reads as required); the column's default is 0.
    displayOrder: bannerFields.displayOrder.optional(),
  })
  .refine(endAfterStart, { message: END_BEFORE_START_ERROR, path: ['endDate'] })
  .transform((banner) => ({ ...banner, backgroundColor: banner.backgroundColor ?? BANNER_TYPE_COLORS[banner.type] }));
export type CreateBanner = z.input<typeof CreateBannerSchema>;

/** `PATCH /api/banners/{id}`: any of the fields; the service checks the date order against the stored row. */
export const UpdateBannerSchema = z.object({
  title: bannerFields.title.optional(),
  message: bannerFields.message.optional(),
  type: bannerFields.type.optional(),
  backgroundColor: bannerFields.backgroundColor.optional(),
  textColor: bannerFields.textColor.optional(),
  isActive: bannerFields.isActive.optional(),
  isCloseable: bannerFields.isCloseable.optional(),
  displayOrder: DisplayOrderSchema.optional(),
  startDate: bannerFields.startDate,
  endDate: bannerFields.endDate,
});
export type UpdateBanner = z.input<typeof UpdateBannerSchema>;

/** A banner as the admin API returns it; dates are ISO 8601 strings. */
export const BannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  isActive: z.boolean(),
  isCloseable: z.boolean(),
  displayOrder: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().int().nullable(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** What the public strip needs (`GET /api/banners/active`): no authorship, nothing inactive. */
export const ActiveBannerSchema = BannerSchema.pick({
  id: true,
  title: true,
  message: true,
  type: true,
  backgroundColor: true,
  textColor: true,
  isCloseable: true,
  displayOrder: true,
  startDate: true,
  endDate: true,
  updatedAt: true,
});
export type ActiveBanner = z.infer<typeof ActiveBannerSchema>;

/** Spec §4: visible while active and within its start and end dates when set. */
export function isBannerLive(banner: { startDate: string | null; endDate: string | null }, now: number = Date.now()): boolean {
  if (banner.startDate && Date.parse(banner.startDate) > now) return false;
  if (banner.endDate && Date.parse(banner.endDate) <= now) return false;
  return true;
}
