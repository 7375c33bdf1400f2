/**
 * Staff invitations (issue 36 §4; decision 0056). An owner or admin invites an address with a role they may give
 * (canAssignRole); the invitee opens the e-mailed link, chooses a password and is signed in with that role.
 *
 * - The link's token is 32 random bytes; only its SHA-256 is stored (lib/secrets.ts, as for reset links), and it
 *   is never written to the log or the audit trail: the audit entries name the invitation by id and e-mail.
 * - Single use: accepting locks the invitation row, checks it is unused and unexpired, and marks it accepted in the
 *   same transaction that creates the account, so two presses of the button make one account.
 * - One pending invitation per address: inviting again replaces it (the old link stops working); a partial unique
 *   index holds the rule under concurrency.
 * - Expiry reads `services.now()`, the clock tests replace.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { canAssignRole } from '../../../shared/permissions.ts';
import {
  ACCOUNT_EXISTS_MESSAGE,
  INVITATION_LINK_EXPIRED_MESSAGE,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_LINK_USED_MESSAGE,
  STAFF_INVITATION_NOT_FOUND_MESSAGE,
  STAFF_INVITATION_TTL_HOURS,
  type AcceptStaffInvitation,
  type AcceptStaffInvitationResponse,
  type CreateStaffInvitation,
  type StaffInvitation,
  type StaffInvitationList,
  type StaffInvitationPreview,
} from '../../../shared/schemas/staff-invitations.ts';
import { staffInvitations, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { deviceLabel } from '../../lib/device-label.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import { type Executor, uniqueViolation } from '../../lib/sql.ts';
import { actorUserId, principalOf, type AppServices, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { queueSignInNote } from '../auth/account-mail.ts';
import { staffMustEnrol } from '../auth/second-factor.ts';
import type { SignUserToken } from '../auth/sign-in.ts';
import { findUserByEmail, ROLE_NOT_ALLOWED_MESSAGE, uniqueUsernameFor } from '../users/service.ts';
import { staffInvitationEmail } from '../mail/staff-invitation-emails.ts';

export const STAFF_INVITATION_TTL_MS = STAFF_INVITATION_TTL_HOURS * 60 * 60 * 1000;

type InvitationRow = typeof staffInvitations.$inferSelect;

const lowerEmail = sql`lower(${staffInvitations.email})`;

function toStaffInvitation(row: InvitationRow, invitedBy: string | null, now: Date): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.expiresAt <= now,
  };
}

/** The pending invitations (expired ones too, so they can be revoked or sent again), newest first. */
export async function listStaffInvitations(services: AppServices): Promise<StaffInvitationList> {
  const rows = await services.database.db
    .select({ invitation: staffInvitations, invitedBy: users.email })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(isNull(staffInvitations.acceptedAt))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  const now = services.now();
  return { invitations: rows.map(({ invitation, invitedBy }) => toStaffInvitation(invitation, invitedBy, now)) };
}

async function inviterEmail(db: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * Invites `email` as `role`: 403 for a role the caller may not give, 409 when the address already has an account.
 * A pending invitation of the same address is replaced. The mail is queued (persisted) after the commit.
 */
export async function createStaffInvitation(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: CreateStaffInvitation },
): Promise<StaffInvitation> {
  const { db } = services.database;
  if (!canAssignRole(principalOf(actor)!, 'user', input.role)) throw forbidden(ROLE_NOT_ALLOWED_MESSAGE);
  if (await findUserByEmail(db, input.email)) throw conflict(ACCOUNT_EXISTS_MESSAGE, 'email');
  const token = generateToken();
  const now = services.now();
  const invitedBy = actorUserId(actor);
  const { row, inviter } = await db.transaction(async (tx) => {
    const replaced = await tx
      .delete(staffInvitations)
      .where(and(eq(lowerEmail, input.email.toLowerCase()), isNull(staffInvitations.acceptedAt)))
      .returning({ id: staffInvitations.id });
    let row: InvitationRow | undefined;
    try {
      [row] = await tx
        .insert(staffInvitations)
        .values({ email: input.email, role: input.role, tokenHash: hashSecret(token), invitedBy, expiresAt: new Date(now.getTime() + STAFF_INVITATION_TTL_MS) })
        .returning();
    } catch (error) {
      // Two invitations of one address at once: the partial unique index keeps one pending.
      if (uniqueViolation(error)) throw conflict('This address was invited a moment ago. Refresh the list.', 'email');
      throw error;
    }
    await writeAudit(tx, { actor, meta }, {
      action: 'staff_invitation.create',
      entityId: row!.id,
      details: { email: row!.email, role: row!.role, replaced: replaced.map((entry) => entry.id) },
    });
    return { row: row!, inviter: await inviterEmail(tx, invitedBy) };
  });
  await services.mailer.enqueue(await staffInvitationEmail(row.email, services.mailBrand, { token, role: row.role, invitedBy: inviter, expiresAt: row.expiresAt }));
  return toStaffInvitation(row, inviter, now);
}

/** Revokes a pending invitation: its link stops working. An accepted or unknown one → 404. */
export async function revokeStaffInvitation(services: AppServices, { actor, meta, input }: RequestContext & { input: { id: number } }): Promise<void> {
  const { db } = services.database;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.id, input.id), isNull(staffInvitations.acceptedAt)))
      .returning();
    if (!row) throw notFound(STAFF_INVITATION_NOT_FOUND_MESSAGE);
    // Revoking an owner's invitation is an owner's business, like changing an owner (decision 0050).
    if (!canAssignRole(principalOf(actor)!, 'user', row.role)) throw forbidden(ROLE_NOT_ALLOWED_MESSAGE);
    await writeAudit(tx, { actor, meta }, { action: 'staff_invitation.revoke', entityId: row.id, details: { email: row.email, role: row.role } });
  });
}

/** The invitation a token names, or the clear reason it cannot be used (400 with the page's text). */
function usableOrThrow(row: InvitationRow | undefined, now: Date): InvitationRow {
  if (!row) throw badRequest(INVITATION_LINK_UNKNOWN_MESSAGE);
  if (row.acceptedAt) throw badRequest(INVITATION_LINK_USED_MESSAGE);
  if (row.expiresAt <= now) throw badRequest(INVITATION_LINK_EXPIRED_MESSAGE);
  return row;
}

/** What the accept page shows: who invited, the address and the role. */
export async function previewStaffInvitation(services: AppServices, token: string): Promise<StaffInvitationPreview> {
  const { db } = services.database;
  const [found] = await db
    .select({ invitation: staffInvitations, invitedBy: users.email })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(eq(staffInvitations.tokenHash, hashSecret(token)));
  const row = usableOrThrow(found?.invitation, services.now());
  return { email: row.email, role: row.role, invitedBy: found?.invitedBy ?? null, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Accepts: a confirmed, approved account with the invitation's role and the chosen password, and a session (the
 * sign-in answer). The account and the used mark are one transaction with the invitation row locked.
 */
export async function acceptStaffInvitation(
  services: AppServices,
  deps: { signUserToken: SignUserToken },
  { meta, input, country }: RequestContext & { country: string | null; input: AcceptStaffInvitation },
): Promise<AcceptStaffInvitationResponse> {
  const { db } = services.database;
  // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold a lock.
  const passwordHash = await hashPassword(input.password);
  const now = services.now();
  const user = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hashSecret(input.token)))
      .for('update');
    const invitation = usableOrThrow(locked, now);
    // An account made for the address since the invitation went out (a sign-up, an admin): not a second one.
    if (await findUserByEmail(tx, invitation.email)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
    let user: typeof users.$inferSelect | undefined;
    try {
      [user] = await tx
        .insert(users)
        .values({
          username: await uniqueUsernameFor(tx, invitation.email),
          email: invitation.email,
          passwordHash,
          role: invitation.role,
          // The link reached the inbox, which proves the address; the inviter vouches for the person.
          isApproved: true,
          emailConfirmedAt: now,
        })
        .returning();
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
      throw error;
    }
    await tx.update(staffInvitations).set({ acceptedAt: now, acceptedUserId: user!.id }).where(eq(staffInvitations.id, invitation.id));
    const newcomer = { kind: 'user' as const, userId: user!.id, role: user!.role, isAdmin: user!.isAdmin };
    await writeAudit(tx, { actor: newcomer, meta }, {
      action: 'staff_invitation.accept',
      entityId: invitation.id,
      details: { email: invitation.email, role: invitation.role, userId: user!.id, invitedBy: invitation.invitedBy },
    });
    return user!;
  });
  const token = await deps.signUserToken(user, { userAgent: meta.userAgent, country });
  // The account's first sign-in: its device and country become known, so the next one from elsewhere is mailed.
  await queueSignInNote(services, { userId: user.id, device: deviceLabel(meta.userAgent), country, at: now.toISOString() });
  const answer: AcceptStaffInvitationResponse = { token, user: { id: user.id, email: user.email, isAdmin: user.isAdmin, role: user.role } };
  // A new account has no second factor: with REQUIRE_STAFF_MFA it sets one up first, as sign-in says (decision 0053).
  if (staffMustEnrol(services, user.role)) answer.secondFactorSetupRequired = true;
  return answer;
}
