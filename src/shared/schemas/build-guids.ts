import { z } from 'zod';
import { safeString } from './text.ts';

/**
 * Build GUIDs (spec §3): `name` is the key id (v2 `kid`, legacy `buildGuidName`), `value` the secret key string.
 * The value is hashed exactly as stored (docs/api.md), so surrounding spaces, which a paste easily adds and which
 * would silently give another key, are refused rather than trimmed.
 */
export const BUILD_GUID_NAME_MAX = 100;
export const BUILD_GUID_VALUE_MAX = 500;

export const BuildGuidInputSchema = z.object({
  name: safeString('Name', { error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(BUILD_GUID_NAME_MAX, `Name must be at most ${BUILD_GUID_NAME_MAX} characters`)
    .regex(/^[!-~]+$/, 'Name may contain letters, digits and punctuation, but no spaces'),
  value: safeString('Value', { error: 'Value is required' })
    .min(1, 'Value is required')
    .max(BUILD_GUID_VALUE_MAX, `Value must be at most ${BUILD_GUID_VALUE_MAX} characters`)
    .refine((value) => value.trim().length > 0, 'Value is required')
    .refine((value) => value.trim() === value, 'Value must not start or end with spaces'),
});
export type BuildGuidInput = z.infer<typeof BuildGuidInputSchema>;

export const BuildGuidSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BuildGuid = z.infer<typeof BuildGuidSchema>;

export const BuildGuidIdParamsSchema = z.object({ id: z.coerce.number().int().positive('Build GUID not found') });
