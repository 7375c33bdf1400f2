import { z } from 'zod';
import { isSaneDate, safeString } from './text.ts';
import { pagingQuery } from './paging.ts';

/**
 * The audit log's one vocabulary: an action is `entity.verb`, snake_case on both sides (`banner.create`,
 * `user.role_change`, `lead.retry_sync`), and the entity is the action's first part. Shared so the admin's
 * audit screen can offer the entity filter from the same list the server writes.
 */
export const AUDIT_ENTITIES = [
  'user',
  'banner',
  'faq',
  'build_guid',
  'client',
  'help_config',
  'lead',
  'inbox_message',
  'blog_post',
  'blog_category',
  'blog_tag',
  'blog_ad',
  'upload',
  'campaign',
  'affiliate_product',
  'testimonial',
  'page',
  'session',
  'staff_invitation',
  'webhook_endpoint',
] as const;

export const AuditEntitySchema = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntitySchema>;
export type AuditAction = `${AuditEntity}.${string}`;

/** `GET /api/audit-log` (issue 10 §5): newest first, filtered, paged. */
/** An ISO date-time inside the years PostgreSQL and the UI share (year 0 once made the query fail with a 500). */
const isoDateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO date-time` })
    .refine((value) => isSaneDate(new Date(value)), `${label} must be between the years 1970 and 9999`);

export const AuditLogQuerySchema = z
  .object({
    /** Part of the acting user's e-mail, any case. */
    actor: safeString('Actor').trim().max(254).optional(),
    /** An exact action (`user.approve`) or an entity prefix ending with a dot (`user.`). */
    action: safeString('Action')
      .trim()
      .max(80)
      .regex(/^[a-z_]+\.[a-z_]*$/, 'Action must look like entity.verb')
      .optional(),
    entity: AuditEntitySchema.optional(),
    from: isoDateTime('From').optional(),
    to: isoDateTime('To').optional(),
    ...pagingQuery(50),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to), {
    message: 'From must be before To',
    path: ['to'],
  });
export type AuditLogParams = z.output<typeof AuditLogQuerySchema>;
export type AuditLogQuery = Partial<AuditLogParams>;

/** Who acted: a signed-in user, an API client, or a visitor (no session: an e-mailed link, a roll-up). */
export const AUDIT_ACTOR_KINDS = ['user', 'client', 'anonymous'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AuditLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The entity's name now (a post's title, a user's e-mail…), or the one the entry stored once it is gone. */
  entityName: z.string().nullable(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  /** The acting user's e-mail (null for an API client, a visitor, or a user since deleted). */
  actorEmail: z.string().nullable(),
  actorClientId: z.string().nullable(),
  /** A visitor's two-letter country, when the request told it. */
  actorCountry: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /**
   * What the action recorded (a count, the filter of an export…); an update's `changes` holds each changed field
   * as `{ from, to }`, or `{ hidden: true }` for a secret one. Older updates hold only `fields` (names).
   */
  details: z.record(z.string(), z.unknown()).nullable(),
  /** An hourly roll-up of anonymous events (decision 0022): `details.count` of them, no single actor. */
  isRollup: z.boolean(),
  createdAt: z.string(),
  /** True once the log holds a `<entity>.delete` for the same entity: the screen then links nowhere. */
  entityDeleted: z.boolean(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

export const AuditLogResponseSchema = z.object({ entries: z.array(AuditLogEntrySchema), total: z.number().int() });
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
