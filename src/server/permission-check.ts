/**
 * The permission table's answers as HTTP errors (decision 0050). Route hooks (`app.requirePermission`) refuse a
 * caller who may not call a route at all; a service or handler calls `assertActorCan` for a rule that depends on
 * the input (a bulk delete, a role change, a field only some roles may change).
 */
import { principalsFor, type Permission } from '../shared/permissions.ts';
import { actorCan, type Actor } from './services.ts';
import { forbidden } from './lib/http-errors.ts';

/** The 403's text: the spec's for what only administrators may do, a plain one for what other staff roles may. */
export function forbiddenText(permission: Permission): string {
  const staffBelowAdmin = principalsFor(permission).some((principal) => !['owner', 'admin', 'adminClient'].includes(principal));
  return staffBelowAdmin ? 'Your role does not allow this' : 'Only administrators can do this';
}

/** 403 unless the caller may take `permission`. */
export function assertActorCan(actor: Actor | null, permission: Permission): void {
  if (!actorCan(actor, permission)) throw forbidden(forbiddenText(permission));
}
