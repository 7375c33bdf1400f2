/**
 * What every module may depend on, without importing app.ts: the app's services (configuration, database, job
 * queue, mailer) and the plain data a route hands to a service — who is calling (`Actor`) and from where
 * (`RequestMeta`). Services take these as data, never a FastifyRequest or FastifyInstance (CONTRIBUTING.md: thin routes,
 * honest services).
 */
import type { AppConfig } from './config.ts';
import type { ContentEvents } from './lib/content-events.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './jobs/mail.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { VisitorKeys } from './lib/visitor-key.ts';
import type { SuppressionScope } from '../shared/schemas/unsubscribe.ts';
import { can, type Permission, type Principal, type Role } from '../shared/permissions.ts';

// The contracts of two services the app builds for every module are declared here, not in the module that
// implements them (mail, unsubscribe): this file is the floor every module stands on and imports none of them.

/** What every e-mail's layout needs (modules/mail/layout.tsx). */
export interface MailBrand {
  publicUrl: string;
  /** MAIL_POSTAL_ADDRESS: the sender's postal address (bulk-sender rules); omitted when unset. */
  postalAddress?: string;
}

/** What an unsubscribe or confirmation token can say: stop a scope, or (double opt-in) confirm a subscription. */
export type TokenPurpose = SuppressionScope | 'confirm';

/** Signed unsubscribe and confirmation links (modules/unsubscribe/tokens.ts builds them). */
export interface UnsubscribeLinks {
  token(email: string, purpose: TokenPurpose): string;
  /** `PUBLIC_URL/unsubscribe?t=…` */
  url(email: string, scope: SuppressionScope): string;
  /** `PUBLIC_URL/confirm-subscription?t=…` (double opt-in; the page asks for a button press). */
  confirmUrl(email: string): string;
  /** The address and scope of a genuine unsubscribe token, else null. */
  verify(token: string): { email: string; scope: SuppressionScope } | null;
  /** The address of a genuine confirmation token, else null. */
  verifyConfirm(token: string): string | null;
}

export interface AppServices {
  config: AppConfig;
  database: DatabaseHandle;
  queue: JobQueue;
  mailer: Mailer;
  /** What every e-mail's layout needs: the site's URL and the sender's postal address (modules/mail). */
  mailBrand: MailBrand;
  /** Signs and checks the unsubscribe links of marketing mail and invitations (issue 24). */
  unsubscribeLinks: UnsubscribeLinks;
  /** Announce committed content changes (banners, FAQ, help, blog…); page caches listen. */
  contentEvents: ContentEvents;
  /** The clock of time-dependent rules (scheduled blog posts); tests replace it instead of sleeping. */
  now: () => Date;
  /** Who a public counter counts: one server-side key per visitor and day, bots and floods left out (decision 0021). */
  visitors: VisitorKeys;
}

/**
 * Who is calling, as plain ids: the one type for the caller, from the auth hooks (`request.actor`) to the services
 * and the audit log (decision 0038). No database row: a route that needs the user's or client's row reads it.
 */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: number; role: Role; isAdmin: boolean }
  | { kind: 'client'; clientId: string; isAdmin: boolean };

export const ANONYMOUS: Actor = Object.freeze({ kind: 'anonymous' });

/** The caller as the permission table names it (src/shared/permissions.ts), or null for nobody. */
export function principalOf(actor: Actor | null | undefined): Principal | null {
  if (!actor || actor.kind === 'anonymous') return null;
  if (actor.kind === 'client') return actor.isAdmin ? 'adminClient' : 'client';
  return actor.role;
}

/** Whether the caller may take an action of the permission table (decision 0050). */
export function actorCan(actor: Actor | null | undefined, permission: Permission): boolean {
  return can(principalOf(actor), permission);
}

/** Where a request came from, for audit entries and stored submissions. */
export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string;
  /** Two-letter country, when a route located the request (auth routes do, for the audit log's visitors). */
  country?: string | null;
}

/** `{ actor, meta }`: what a service needs to know about the request, and nothing else. */
export interface RequestContext {
  actor: Actor;
  meta: RequestMeta;
}

/** A request of a signed-in person (behind `app.requireUser`): the context and their id. */
export interface UserContext extends RequestContext {
  userId: number;
}

/** The signed-in user's id, or null (an API client or nobody): `createdBy` columns. */
export function actorUserId(actor: Actor): number | null {
  return actor.kind === 'user' ? actor.userId : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
