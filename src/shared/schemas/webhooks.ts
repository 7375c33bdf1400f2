import { z } from 'zod';
import { isSaneDate, safeString } from './text.ts';

/**
 * Webhooks (issue 41, decision 0063): endpoints an owner or admin registers, the events they subscribe to, and the
 * delivery log. Event names are the audit log's `noun.verb` vocabulary.
 */

/** Every event an endpoint may subscribe to. `jot.received` carries the jot's id, app, version, plugin and time only. */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.confirmed',
  'lead.unsubscribed',
  'message.received',
  'post.published',
  'post.unpublished',
  'page.published',
  'user.signed_up',
  'user.approved',
  'jot.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The events by name, for the services that record them: webhook events are not audit actions, and the audit log's
 * own tests read every `'entity.verb'` literal in src/server as an audit action.
 */
export const WEBHOOK_EVENT = {
  leadCreated: 'lead.created',
  leadConfirmed: 'lead.confirmed',
  leadUnsubscribed: 'lead.unsubscribed',
  messageReceived: 'message.received',
  pagePublished: 'page.published',
  userSignedUp: 'user.signed_up',
  userApproved: 'user.approved',
} as const satisfies Record<string, WebhookEventType>;

/** The event of a post whose visibility changed (webhook events are not audit actions: `post.*`, not `blog_post.*`). */
export const postVisibilityEvent = (isPublished: boolean): WebhookEventType => (isPublished ? 'post.published' : 'post.unpublished');

/** The event "Send test event" delivers to one endpoint; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_ERROR = 'URL must be a valid https URL';
export const WEBHOOK_EVENTS_ERROR = 'Choose at least one event';
export const WEBHOOK_EVENT_ERROR = `Event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

const urlField = safeString('URL', { error: WEBHOOK_URL_ERROR })
  .trim()
  .min(1, WEBHOOK_URL_ERROR)
  .max(2000, 'URL must be at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_URL_ERROR);

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_EVENT_ERROR }), { error: WEBHOOK_EVENTS_ERROR })
  .min(1, WEBHOOK_EVENTS_ERROR)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

const descriptionField = safeString('Description').trim().max(500, 'Description must be at most 500 characters');

export const CreateWebhookEndpointSchema = z.strictObject({
  url: urlField,
  description: descriptionField.default(''),
  events: eventsField,
  enabled: z.boolean().default(true),
});
export type CreateWebhookEndpoint = z.input<typeof CreateWebhookEndpointSchema>;

export const UpdateWebhookEndpointSchema = z.strictObject({
  url: urlField.optional(),
  description: descriptionField.optional(),
  events: eventsField.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpoint = z.input<typeof UpdateWebhookEndpointSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** When deliveries started failing without a success since (null: healthy). */
  failingSince: z.string().nullable(),
  /** Set when three days of failures disabled the endpoint. */
  disabledAt: z.string().nullable(),
  /** Until when the previous secret still signs (24 h after a rotation). */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answer of create and rotate: the only time the signing secret (`whsec_…`) leaves the server. */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  /** The event's id: the `webhook-id` header, the same on every attempt and replay (receivers de-duplicate on it). */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's HTTP status (null: no answer, or not tried yet). */
  responseStatus: z.number().int().nullable(),
  /** The first bytes of the last answer (at most 4 KB are read), or why the attempt failed. */
  responseSnippet: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.strictObject({
  eventType: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});

/** One attempt of a delivery (issue 41 §5, decision 0067): every attempt is kept, oldest first. */
export const WebhookAttemptSchema = z.object({
  /** 1 for the delivery's first attempt. */
  attempt: z.number().int(),
  attemptedAt: z.string(),
  /** The HTTP status (null: no answer came — refused, timed out, connection failed). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first bytes of the answer (at most 4 KB are read). */
  responseSnippet: z.string().nullable(),
  /** Why no answer came: the address check's refusal, a timeout, a failed connection. */
  error: z.string().nullable(),
  /** When the next attempt was scheduled after this one (null: delivered, or given up). */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const REPLAY_SINCE_ERROR = 'Since must be an ISO date-time';
/** Checked by the server against its own clock (the browser's may differ). */
export const REPLAY_SINCE_FUTURE_ERROR = 'Since must not be in the future';

const sinceField = z.iso
  .datetime({ offset: true, error: REPLAY_SINCE_ERROR })
  .transform((value) => new Date(value))
  .refine(isSaneDate, 'Since must be between the years 1970 and 9999');

/** `POST …/replay-failed`: every event that failed to reach the endpoint since `since` is sent once more. */
export const ReplayFailedWebhooksSchema = z.strictObject({ since: sinceField });
export type ReplayFailedWebhooks = z.input<typeof ReplayFailedWebhooksSchema>;
/** How many events were queued again. */
export const ReplayedWebhooksSchema = z.object({ replayed: z.number().int() });
export type ReplayedWebhooks = z.infer<typeof ReplayedWebhooksSchema>;

/** What every delivery's body looks like (Standard Webhooks: type, timestamp, data). */
export const WebhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
