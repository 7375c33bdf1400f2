/**
 * Who is calling (docs/architecture.md §5): a user with a JWT (`Authorization: Bearer …`), an API client with
 * `X-Client-Id`/`X-Client-Secret` (or `X-Admin-Client-Id`/`X-Admin-Client-Secret`), or nobody.
 * Every request re-reads the user and the token's session (decision 0051), so revoking approval or admin, a
 * password change or an ended session takes effect at once, on every instance.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, exists, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { apiClients, passkeys, secondFactors, sessions, users } from '../db/schema.ts';
import { deviceLabel } from '../lib/device-label.ts';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import { secretMatches } from '../lib/secrets.ts';
import { can, principalsFor, type Permission } from '../../shared/permissions.ts';
import { STAFF_SECOND_FACTOR_REQUIRED_MESSAGE } from '../../shared/schemas/second-factor.ts';
import { forbiddenText } from '../permission-check.ts';
import { ANONYMOUS, actorCan, type Actor, type RequestContext, type RequestMeta, type UserContext } from '../services.ts';

export type UserRow = typeof users.$inferSelect;
export type ClientRow = typeof apiClients.$inferSelect;

const JWT_ALGORITHM = 'HS256';
const JWT_ISSUER = 'jotit';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is calling, as plain ids (decision 0038): set by the auth hooks below, `anonymous` when no credentials
     * were sent, null on a route without an auth hook. A route that needs the user's or client's row reads it.
     */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Starts a session (a `sessions` row) and signs the token that names it (`sid`; decision 0051). */
    signUserToken(user: Pick<UserRow, 'id' | 'tokenVersion'>, origin?: SessionOrigin): Promise<string>;
    /**
     * The request's own token signed again for the user's new token version: the same session, subject, issue
     * and expiry time. A password change keeps the session that made it this way (its old token stops working).
     */
    renewSessionToken(request: FastifyRequest, tokenVersion: number): Promise<string>;
    /** Resolves credentials if any; invalid credentials → 401. */
    identify(request: FastifyRequest): Promise<Actor>;
    // The checks below are `onRequest` hooks: the actor is checked before the body is parsed or validated, so a
    // caller without the right to call a route gets 401/403, never field errors about its body.
    /** onRequest: a signed-in, approved user (JWT). */
    requireUser(request: FastifyRequest): Promise<void>;
    /**
     * onRequest: a caller the permission table lets take `permission` (decision 0050): 401 for nobody, 403 for
     * anyone else. One hook per permission, so the OpenAPI document can name who may call each operation.
     */
    requirePermission(permission: Permission): PermissionHook;
    /** onRequest: any valid caller's identity is resolved; anonymous is allowed. */
    identifyOptional(request: FastifyRequest): Promise<void>;
    /**
     * A long-lived answer's caller checked again (an event stream's `recheck`, lib/sse.ts): the credentials
     * are read afresh, so a session ended or a role taken away since the request began is refused (401/403).
     */
    recheckPermission(request: FastifyRequest, permission: Permission): Promise<Actor>;
  }
}

/** An onRequest hook that checks one permission; the permission rides on it for the OpenAPI document. */
export type PermissionHook = ((request: FastifyRequest) => Promise<void>) & { permission: Permission };

const USER_AGENT_MAX = 500;

/** Where a sign-in came from, for its session row: the User-Agent (only its device label is kept) and the country. */
export interface SessionOrigin {
  userAgent?: string | null;
  country?: string | null;
}

/** 128 random bits, base64url (22 characters): a session id, unguessable. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A session's last activity is written at most this often: never a write per request (decision 0051). */
export const SESSION_LAST_SEEN_INTERVAL_MS = 60_000;

/**
 * The session id of the request's bearer token. Only for a route behind `requireUser`, which has already verified
 * this very token's signature and found its session; read here so the actor stays plain ids (decision 0038).
 */
export function currentSessionId(request: FastifyRequest): string | null {
  const authorization = headerValue(request, 'authorization');
  if (!authorization?.toLowerCase().startsWith('bearer ')) return null;
  const { sid } = decodeJwt(authorization.slice(7).trim());
  return typeof sid === 'string' ? sid : null;
}

export function requestMetaOf(request: FastifyRequest): RequestMeta {
  return {
    ipAddress: request.ip ?? null,
    userAgent: headerValue(request, 'user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
    requestId: request.id,
  };
}

/**
 * `{ actor, meta }` of a request, the one way routes describe the caller to a service. On a route without an
 * auth hook the caller was never identified, so the actor is anonymous.
 */
export function requestContext(request: FastifyRequest): RequestContext {
  return { actor: request.actor ?? ANONYMOUS, meta: requestMetaOf(request) };
}

/** `requestContext` of a route behind `app.requireUser`, with the person's id. */
export function userContext(request: FastifyRequest): UserContext {
  const context = requestContext(request);
  if (context.actor.kind !== 'user') throw new Error('requireUser let a non-user through');
  return { ...context, userId: context.actor.userId };
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const key = new TextEncoder().encode(app.services.config.jwtSecret);
    const maxAgeSeconds = app.services.config.jwtMaxAgeSeconds;
    const { db } = app.services.database;

    app.decorateRequest('actor', null as never);

    app.decorate('signUserToken', async (user: Pick<UserRow, 'id' | 'tokenVersion'>, origin: SessionOrigin = {}) => {
      const sessionId = randomBytes(16).toString('base64url');
      // The user's sessions that can no longer be used (expired, or from before a password change) go as a new one
      // starts, so the table holds about one row per live token.
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, user.id),
            sql`(${sessions.tokenVersion} <> ${user.tokenVersion} or ${sessions.createdAt} < now() - make_interval(secs => ${maxAgeSeconds}))`,
          ),
        );
      await db.insert(sessions).values({
        id: sessionId,
        userId: user.id,
        tokenVersion: user.tokenVersion,
        device: deviceLabel(origin.userAgent),
        country: origin.country ?? null,
      });
      return new SignJWT({ ver: user.tokenVersion, sid: sessionId })
        .setProtectedHeader({ alg: JWT_ALGORITHM })
        .setSubject(String(user.id))
        .setIssuer(JWT_ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${maxAgeSeconds}s`)
        .sign(key);
    });

    app.decorate('renewSessionToken', async (request: FastifyRequest, tokenVersion: number) => {
      const authorization = headerValue(request, 'authorization');
      if (!authorization?.toLowerCase().startsWith('bearer ')) throw unauthorized('Please sign in to continue');
      // Only behind requireUser, which has verified this token: its claims are read, not trusted blindly.
      const { sub, sid, iat, exp } = decodeJwt(authorization.slice(7).trim());
      if (!sub || typeof sid !== 'string' || iat === undefined || exp === undefined) throw unauthorized('Please sign in to continue');
      return new SignJWT({ ver: tokenVersion, sid })
        .setProtectedHeader({ alg: JWT_ALGORITHM })
        .setSubject(sub)
        .setIssuer(JWT_ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    });

    // One statement for the user and the token's session (decision 0051), prepared once per connection: it runs on
    // every signed-in request, and parsing and planning the join each time cost more than the join itself.
    const userWithSession = db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt })
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(and(eq(users.id, sql.placeholder('userId')), eq(sessions.id, sql.placeholder('sessionId'))))
      .prepare('auth_user_with_session');

    async function userFromToken(token: string): Promise<UserRow> {
      let subject: string | undefined;
      let version: unknown;
      let sessionId: unknown;
      try {
        // The algorithm is pinned: a token signed with anything but HS256 (or 'none') is refused. A token without
        // `exp` would never expire (jose only checks exp when present), so it is required; and one issued longer
        // ago than JWT_MAX_AGE is refused whatever its `exp` (a validly signed 100-year token, issue 23 §8).
        const { payload } = await jwtVerify(token, key, {
          algorithms: [JWT_ALGORITHM],
          issuer: JWT_ISSUER,
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: maxAgeSeconds,
        });
        subject = payload.sub;
        version = payload.ver;
        sessionId = payload.sid;
      } catch {
        throw unauthorized('Your session has expired. Please sign in again.');
      }
      const id = Number(subject);
      // A token without `sid` (issued before sessions existed), or whose session was ended, is refused like an
      // expired one.
      const sid = typeof sessionId === 'string' && SESSION_ID_PATTERN.test(sessionId) ? sessionId : null;
      const [row] = Number.isSafeInteger(id) && sid ? await userWithSession.execute({ userId: id, sessionId: sid }) : [];
      if (!row || row.user.tokenVersion !== version || !row.user.isApproved || !row.user.emailConfirmedAt) {
        throw unauthorized('Your session has expired. Please sign in again.');
      }
      if (sid && Date.now() - row.lastSeenAt.getTime() > SESSION_LAST_SEEN_INTERVAL_MS) {
        // Guarded in SQL too, so instances racing on one session write it once.
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(and(eq(sessions.id, sid), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
      }
      return row.user;
    }

    async function clientFromHeaders(clientId: string, secret: string | undefined): Promise<ClientRow> {
      const [client] = await db.select().from(apiClients).where(eq(apiClients.clientId, clientId));
      if (!client || !secret || !secretMatches(secret, client.secretHash)) throw unauthorized('Invalid client credentials');
      // lastUsedAt at most once a minute per client: no write on every call of a busy client.
      if (!client.lastUsedAt || Date.now() - client.lastUsedAt.getTime() > 60_000) {
        await db.update(apiClients).set({ lastUsedAt: new Date() }).where(eq(apiClients.clientId, client.clientId));
      }
      return client;
    }

    async function identify(request: FastifyRequest): Promise<Actor> {
      if (request.actor) return request.actor;
      const authorization = headerValue(request, 'authorization');
      const adminClientId = headerValue(request, 'x-admin-client-id');
      const clientId = headerValue(request, 'x-client-id');
      let actor: Actor = ANONYMOUS;
      if (authorization?.toLowerCase().startsWith('bearer ')) {
        const user = await userFromToken(authorization.slice(7).trim());
        actor = { kind: 'user', userId: user.id, role: user.role, isAdmin: user.isAdmin };
      } else if (adminClientId) {
        const client = await clientFromHeaders(adminClientId, headerValue(request, 'x-admin-client-secret'));
        if (!client.isAdmin) throw forbidden('This client is not an admin client');
        actor = { kind: 'client', clientId: client.clientId, isAdmin: true };
      } else if (clientId) {
        const client = await clientFromHeaders(clientId, headerValue(request, 'x-client-secret'));
        actor = { kind: 'client', clientId: client.clientId, isAdmin: client.isAdmin };
      }
      request.actor = actor;
      return actor;
    }

    // Whatever a route sets, an answer to an identified caller (a session or API client) is never stored by a
    // browser or a shared cache: the one place for every admin and signed-in read (issue 23 §8).
    // A callback hook, not an async one: it runs on every answer, and a promise per request was a measurable share of
    // the hot paths (decision 0046).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.actor && request.actor.kind !== 'anonymous') reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });

    app.decorate('identify', identify);
    app.decorate('identifyOptional', async (request: FastifyRequest) => {
      await identify(request);
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const actor = await identify(request);
      if (actor.kind !== 'user') throw unauthorized('Please sign in to continue');
    });
    // REQUIRE_STAFF_MFA (decision 0053): staff without a confirmed second factor may sign in, see their Security
    // page and enrol, but every back-office permission (one a plain `user` lacks) answers 403 until they have.
    // Read per request like the session, so enrolling (or an admin's reset) counts at once on every instance.
    // A passkey counts as a factor too (decision 0057).
    const enabledFactor = db
      .select({ userId: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          or(
            exists(db.select({ one: sql`1` }).from(secondFactors).where(and(eq(secondFactors.userId, users.id), isNotNull(secondFactors.enabledAt)))),
            exists(db.select({ one: sql`1` }).from(passkeys).where(eq(passkeys.userId, users.id))),
          ),
        ),
      )
      .prepare('auth_enabled_second_factor');
    async function assertStaffFactor(actor: Actor, permission: Permission): Promise<void> {
      if (!app.services.config.requireStaffMfa || actor.kind !== 'user' || actor.role === 'user' || can('user', permission)) return;
      const [factor] = await enabledFactor.execute({ userId: actor.userId });
      if (!factor) throw forbidden(STAFF_SECOND_FACTOR_REQUIRED_MESSAGE);
    }

    const permissionHooks = new Map<Permission, PermissionHook>();
    app.decorate('requirePermission', (permission: Permission) => {
      let hook = permissionHooks.get(permission);
      if (!hook) {
        // The spec's texts: a client route asks for admin credentials; a staff route for a sign-in.
        const signInText = principalsFor(permission).includes('adminClient') ? 'Admin credentials are required' : 'Please sign in to continue';
        hook = Object.assign(
          async (request: FastifyRequest) => {
            const actor = await identify(request);
            if (actor.kind === 'anonymous') throw unauthorized(signInText);
            if (!actorCan(actor, permission)) throw forbidden(forbiddenText(permission));
            await assertStaffFactor(actor, permission);
          },
          { permission },
        );
        permissionHooks.set(permission, hook);
      }
      return hook;
    });
    app.decorate('recheckPermission', async (request: FastifyRequest, permission: Permission) => {
      request.actor = null;
      await app.requirePermission(permission)(request);
      return request.actor ?? ANONYMOUS;
    });
  },
  { name: 'auth' },
);
