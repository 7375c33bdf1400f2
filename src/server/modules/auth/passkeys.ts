/**
 * Passkeys (issue 36; decision 0057): WebAuthn credentials registered from the Security page, each named by the
 * person, used as a second factor or to sign in without a password (sign-in.ts). The ceremonies are
 * @simplewebauthn/server's; this file keeps what it does not: the challenges, the credentials and their counters.
 *
 * - A challenge is 32 random bytes, only its SHA-256 stored, two minutes, bound to one ceremony (`purpose`) and, but
 *   for a passwordless sign-in, to one person. It is deleted by the request that uses it, before any signature is
 *   checked, so a replayed response finds nothing.
 * - The relying party (RP ID and origin) is PUBLIC_URL's; only when PUBLIC_URL is local (the demo, the tests) is the
 *   request's own host taken, and then only a local one (decision 0057).
 * - A stored signature counter above 0 must grow: a response at or below it (a cloned authenticator) is refused, and
 *   the new value is written only if the stored one is still the one checked.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, count, eq, isNull, lt, or, gt, asc } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import {
  type AuthenticationResponse,
  PASSKEY_ALREADY_REGISTERED_MESSAGE,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_LIMIT_MESSAGE,
  PASSKEY_NOT_FOUND_MESSAGE,
  PASSKEY_NOT_VERIFIED_MESSAGE,
  PASSKEYS_PER_ACCOUNT_MAX,
  PASSKEYS_UNAVAILABLE_MESSAGE,
  type Passkey,
  type PasskeyOptions,
  type RegistrationResponse,
} from '../../../shared/schemas/passkeys.ts';
import { isLocalUrl } from '../../config.ts';
import { passkeys, users, webauthnChallenges } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { uniqueViolation, type Executor } from '../../lib/sql.ts';
import type { AppServices, UserContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { sendSecurityNotice } from '../mail/account-emails.ts';

export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * PUBLIC_URL's host and origin. When PUBLIC_URL is local (unset, localhost, loopback, a reserved test name), the
 * request's host instead, if it is local too: the demo at http://localhost:3000 and a browser test's port work,
 * while a public deployment never trusts a Host header. Null: no relying party to offer (a public host without
 * PUBLIC_URL); passkeys answer 400 there.
 */
export function relyingPartyFor(publicUrl: string, request: { protocol: string; host: string }): RelyingParty | null {
  if (!isLocalUrl(publicUrl)) {
    const url = new URL(publicUrl);
    return { id: url.hostname, origin: url.origin };
  }
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return null;
  }
  if (!isLocalUrl(url.origin)) return null;
  return { id: url.hostname.replace(/^\[|\]$/g, ''), origin: url.origin };
}

export function requireRelyingParty(rp: RelyingParty | null): RelyingParty {
  if (!rp) throw badRequest(PASSKEYS_UNAVAILABLE_MESSAGE);
  return rp;
}

type Purpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

/** A new challenge for one ceremony; the person's earlier ones of the same ceremony, and every expired one, go. */
async function issueChallenge(services: AppServices, purpose: Purpose, userId: number | null): Promise<string> {
  const { db } = services.database;
  const now = services.now();
  const challenge = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(webauthnChallenges)
      .where(
        or(
          lt(webauthnChallenges.expiresAt, now),
          userId === null ? undefined : and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose)),
        ),
      );
    await tx.insert(webauthnChallenges).values({
      challengeHash: hashSecret(challenge),
      purpose,
      userId,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000),
    });
  });
  return challenge;
}

/** The challenge a response signed (from its clientDataJSON), or null when the JSON is not WebAuthn's. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = data && typeof data === 'object' ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** Deletes the live challenge the response signed: its text for exactly one caller, else null (unknown, replayed, expired). */
async function spendChallenge(services: AppServices, clientDataJSON: string, purpose: Purpose, userId: number | null): Promise<string | null> {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return null;
  const [row] = await services.database.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, hashSecret(challenge)),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, services.now()),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return row ? challenge : null;
}

/** A stable, opaque WebAuthn user handle: no e-mail or id leaves in it, and one account keeps one per authenticator. */
function userHandle(services: AppServices, userId: number): Uint8Array<ArrayBuffer> {
  const digest = createHash('sha256').update(`webauthn-user\0${services.config.jwtSecret}\0${userId}`).digest();
  return new Uint8Array(digest.subarray(0, 16));
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Executor, userId: number): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

export async function hasPasskey(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

const transportsOf = (row: { transports: string[] }) => row.transports as AuthenticatorTransportFuture[];
type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** Options for `startRegistration`: a resident (discoverable) key, so it can sign in without an e-mail address. */
export async function registrationOptions(services: AppServices, rp: RelyingParty, userId: number): Promise<PasskeyOptions> {
  const { db } = services.database;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
  if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) throw conflict(PASSKEY_LIMIT_MESSAGE);
  const challenge = await issueChallenge(services, 'register', userId);
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: rp.id,
    userName: user.email,
    userID: userHandle(services, userId),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return options as unknown as PasskeyOptions;
}

/** Checks the browser's registration answer against the person's live challenge and keeps the new credential. */
export async function registerPasskey(
  services: AppServices,
  rp: RelyingParty,
  context: UserContext & { input: { name: string; response: RegistrationResponse } },
): Promise<Passkey> {
  const { db } = services.database;
  const { actor, meta, userId, input } = context;
  const challenge = await spendChallenge(services, input.response.response.clientDataJSON, 'register', userId);
  if (!challenge) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  }
  if (!verified.verified) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  const { credential } = verified.registrationInfo;
  const added = await db.transaction(async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    if (total >= PASSKEYS_PER_ACCOUNT_MAX) throw conflict(PASSKEY_LIMIT_MESSAGE);
    let row: typeof passkeys.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(passkeys)
        .values({
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? input.response.response.transports ?? [],
          name: input.name,
        })
        .returning();
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(PASSKEY_ALREADY_REGISTERED_MESSAGE);
      throw error;
    }
    if (!row) throw conflict(PASSKEY_ALREADY_REGISTERED_MESSAGE);
    await writeAudit(tx, { actor, meta }, { action: 'user.passkey_add', entityId: userId, details: { userId, passkeyId: row.id, name: row.name } });
    return toPasskey(row);
  });
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (owner) await sendSecurityNotice(services, owner.email, { kind: 'passkey_added', name: added.name });
  return added;
}

export async function renamePasskey(services: AppServices, context: UserContext & { input: { id: number; name: string } }): Promise<Passkey> {
  const { db } = services.database;
  const { actor, meta, userId, input } = context;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, userId))).for('update');
    if (!before) throw notFound(PASSKEY_NOT_FOUND_MESSAGE);
    const [row] = await tx.update(passkeys).set({ name: input.name }).where(eq(passkeys.id, before.id)).returning();
    await writeAudit(tx, { actor, meta }, {
      action: 'user.passkey_rename',
      entityId: userId,
      details: { userId, passkeyId: before.id, from: before.name, to: input.name },
    });
    return toPasskey(row!);
  });
}

export async function removePasskey(services: AppServices, context: UserContext & { input: { id: number } }): Promise<void> {
  const { db } = services.database;
  const { actor, meta, userId, input } = context;
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, userId))).returning();
    if (!row) throw notFound(PASSKEY_NOT_FOUND_MESSAGE);
    await writeAudit(tx, { actor, meta }, { action: 'user.passkey_remove', entityId: userId, details: { userId, passkeyId: row.id, name: row.name } });
    return row;
  });
  // Issue 36 §7: a way to sign in went away, so its owner hears of it as of one added.
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (owner) await sendSecurityNotice(services, owner.email, { kind: 'passkey_removed', name: removed.name });
}

/**
 * Options for `startAuthentication`. Passwordless (`userId` null): no credentials listed, the browser offers the
 * site's discoverable passkeys. As a second factor: the person's passkeys.
 */
export async function authenticationOptions(services: AppServices, rp: RelyingParty, userId: number | null): Promise<PasskeyOptions> {
  const own = userId === null ? [] : await services.database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
  const challenge = await issueChallenge(services, userId === null ? 'sign_in' : 'second_factor', userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    userVerification: userId === null ? 'required' : 'preferred',
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
  });
  return options as unknown as PasskeyOptions;
}

/** The stored credential an assertion names, or undefined. */
export async function passkeyOf(db: Executor, response: AuthenticationResponse) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  return row;
}

/**
 * Verifies an assertion by `passkey` (already looked up and, for a second factor, checked to be the person's):
 * its challenge is spent first, then origin, RP ID, signature, user presence (and verification when passwordless)
 * and the counter are checked, and the counter and last use are written. True once per challenge.
 */
export async function verifyAssertion(
  services: AppServices,
  rp: RelyingParty,
  passkey: typeof passkeys.$inferSelect,
  response: AuthenticationResponse,
  purpose: 'sign_in' | 'second_factor',
): Promise<boolean> {
  const challenge = await spendChallenge(services, response.response.clientDataJSON, purpose, purpose === 'sign_in' ? null : passkey.userId);
  if (!challenge) return false;
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.signCount,
        transports: transportsOf(passkey),
      },
      requireUserVerification: purpose === 'sign_in',
    });
    if (!verified.verified) return false;
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  const [updated] = await services.database.db
    .update(passkeys)
    .set({ signCount: newCounter, lastUsedAt: services.now() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.signCount, passkey.signCount)))
    .returning({ id: passkeys.id });
  return updated !== undefined;
}
