import { z } from 'zod';

/**
 * The audit log's one vocabulary: an action is `entity.verb`, snake_case on both sides (`banner.create`,
 * `user.grant_admin`, `lead.retry_sync`), and the entity is the action's first part. Shared so the admin's
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
] as const;

export const AuditEntitySchema = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntitySchema>;
export type AuditAction = `${AuditEntity}.${string}`;
