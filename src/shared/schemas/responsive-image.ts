/** An uploaded image with its sizes, as the content APIs return it (decision 0065; helpers in ../responsive-image.ts). */
import { z } from 'zod';

export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg', 'png', 'gif'] as const;

export const ResponsiveImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(IMAGE_FORMATS),
  variants: z.array(z.object({ url: z.string(), width: z.number().int(), format: z.enum(IMAGE_FORMATS) })),
  /** The 1200×630 crop for Open Graph cards, once made. */
  socialUrl: z.string().nullable(),
});
export type ResponsiveImage = z.infer<typeof ResponsiveImageSchema>;
