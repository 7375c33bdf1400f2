/**
 * A content list with two audiences (pages, testimonials; issue 12): `?published=true` from anyone answers the
 * published items, cacheable for a minute; every other read is the staff's list, behind `permission`, never stored.
 * A staff member's `?published=true` is the staff list filtered, so the admin sees what it edits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '../../shared/permissions.ts';
import { actorCan } from '../services.ts';

export function publishedOrStaffList<Query extends { published?: 'true' | 'false' }, PublicList, StaffList>(
  app: FastifyInstance,
  permission: Permission,
  lists: { published: (query: Query) => Promise<PublicList>; staff: (query: Query) => Promise<StaffList> },
) {
  const requireStaff = app.requirePermission(permission);
  return async (request: FastifyRequest & { query: Query }, reply: FastifyReply): Promise<PublicList | StaffList> => {
    if (!actorCan(request.actor, permission) && request.query.published === 'true') {
      reply.header('Cache-Control', 'public, max-age=60');
      return lists.published(request.query);
    }
    await requireStaff(request);
    reply.header('Cache-Control', 'no-store');
    return lists.staff(request.query);
  };
}
