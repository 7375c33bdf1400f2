import type { AuditEntity, AuditLogEntry } from '../../../shared/schemas/audit';
import { recordHref } from '~/lib/record-href';

/** Where each entity is managed; null when it has no admin screen. */
const ENTITY_SCREENS: Record<AuditEntity, string | null> = {
  user: '/admin/users',
  banner: '/admin/banners',
  faq: '/admin/faq',
  build_guid: '/admin/build-guids',
  client: null,
  help_config: '/admin/faq',
  lead: '/admin/leads',
  inbox_message: '/admin/inbox',
  blog_post: '/admin/blog',
  blog_category: '/admin/blog',
  blog_tag: '/admin/blog',
  blog_ad: '/admin/blog',
  upload: '/admin/blog',
  campaign: '/admin/campaigns',
  affiliate_product: '/admin/affiliates',
  testimonial: '/admin/testimonials',
  page: '/admin/pages',
  session: null,
  staff_invitation: '/admin/users',
  webhook_endpoint: '/admin/webhooks',
};

/**
 * The screen to see an entry's entity on — filtered to it where the screen takes a search (`recordHref`) —
 * or null when it has none or the entity has since been deleted.
 */
export function entityHref(entry: Pick<AuditLogEntry, 'entity' | 'entityDeleted' | 'entityName'>): string | null {
  if (entry.entityDeleted) return null;
  const screen = ENTITY_SCREENS[entry.entity as AuditEntity] ?? null;
  if (!screen || !entry.entityName) return screen;
  return recordHref(entry.entity, entry.entityName) ?? screen;
}
