import { z } from 'zod';
import { safeString } from './text.ts';

/**
 * Leads (spec §3, §5) and the field helpers every public form of the marketing site shares
 * (feedback, contact, invitations): one schema validates the Fastify route and the react-hook-form form.
 */

/** A required text: trimmed, with the spec's message for missing and blank values. */
export function requiredText(message: string, max = 200) {
  return safeString(undefined, { error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** An optional text: trimmed; blank, null or missing becomes undefined. */
export function optionalText(max: number) {
  return safeString()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || undefined)
    .optional();
}

/** A required e-mail address (RFC 5321 caps an address at 254 characters). */
export function emailField(message: string) {
  return safeString('Email', { error: message }).trim().max(254, message).pipe(z.email({ error: message }));
}

/**
 * What every public form sends besides its fields: the solved ALTCHA payload (checked by the route, which
 * answers 'Please complete the CAPTCHA verification' when it is missing or wrong) and the honeypot `website`,
 * a field people never see: when it is filled the server pretends success and stores nothing.
 */
export const PublicFormExtrasSchema = z.object({
  captcha: safeString().max(10_000).optional(),
  website: safeString().max(2000).optional(),
});
export type PublicFormExtras = z.infer<typeof PublicFormExtrasSchema>;

export const LEAD_SOURCES = { hero: 'homepage-hero', cta: 'homepage-cta' } as const;

/** What a visitor types into the lead form (spec §5: first name and email required). */
export const LeadFormSchema = z.object({
  firstName: requiredText('First name is required', 100),
  email: emailField('Valid email is required'),
});
export type LeadForm = z.infer<typeof LeadFormSchema>;

/** UTM parameters read from the landing page's query string, and document.referrer. */
export const LeadAttributionSchema = z.object({
  utm_source: optionalText(200),
  utm_medium: optionalText(200),
  utm_campaign: optionalText(200),
  utm_term: optionalText(200),
  utm_content: optionalText(200),
  referrer: optionalText(2000),
});
export type LeadAttribution = z.infer<typeof LeadAttributionSchema>;

/** `POST /api/leads`. */
export const CreateLeadSchema = LeadFormSchema.extend({
  // Where the form sits, e.g. homepage-hero; shown as 'unknown' when missing (spec §3).
  source: safeString('Source')
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,49}$/i, 'Source must be a short identifier like homepage-hero')
    .optional(),
})
  .extend(LeadAttributionSchema.shape)
  .extend(PublicFormExtrasSchema.shape);
export type CreateLead = z.infer<typeof CreateLeadSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof SuccessSchema>;

/** A lead as the admin API returns it (`GET /api/leads`). */
export const LeadSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  source: z.string().nullable(),
  subscribedAt: z.string(),
  /** Present means synced with Kit (ConvertKit). */
  convertkitSubscriberId: z.number().nullable(),
  kitSyncedAt: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  referrer: z.string().nullable(),
});
export type Lead = z.infer<typeof LeadSchema>;

export const LeadListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});

/** `GET /api/leads`: newest first, one page, and the total for the header count. */
export const LeadListSchema = z.object({ leads: z.array(LeadSchema), total: z.number().int() });
export type LeadList = z.infer<typeof LeadListSchema>;
