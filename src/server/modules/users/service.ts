/**
 * User management (spec §2 User Management, §6 roles): list, create, update, delete, with the rules that keep the
 * back-office usable (never lose the last admin, never delete yourself) and an audit entry for every change.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type {
  CreateUser,
  ListUsersParams,
  UpdateUser,
  User,
  UserBulkRequest,
  UserBulkResponse,
} from '../../../shared/schemas/accounts.ts';
import type { Database } from '../../db/client.ts';
import { passkeys, secondFactors, users } from '../../db/schema.ts';
import { can, canAssignRole, isAdminRole, type Role } from '../../../shared/permissions.ts';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import { escapeLike, type Executor, uniqueViolation } from '../../lib/sql.ts';
import { assertActorCan } from '../../permission-check.ts';
import { actorCan, actorUserId, principalOf, type AppServices, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { accountApprovedEmail } from '../mail/account-emails.ts';
import { roleChangedEmail, staffRemovedEmail } from '../mail/staff-change-emails.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { WEBHOOK_EVENT } from '../../../shared/schemas/webhooks.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';
import { apiRow } from '../../lib/api-row.ts';

type UserRow = typeof users.$inferSelect;

export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists';
export const USERNAME_TAKEN_MESSAGE = 'A user with this username already exists';
export const LAST_OWNER_MESSAGE = 'This is the last owner: make another user an owner first.';
export const ROLE_NOT_ALLOWED_MESSAGE = 'Your role cannot give this role';
export const OWNER_ONLY_MESSAGE = 'Only an owner can change or remove an owner';
export const DELETE_SELF_MESSAGE = 'You cannot delete your own account.';
export const USER_NOT_FOUND_MESSAGE = 'User not found';

/** The admin view of a user: never the password hash (issue 3). */
export function toUser(row: UserRow): User {
  return {
    ...apiRow(row, ['id', 'username', 'email', 'isAdmin', 'role', 'isApproved', 'createdAt', 'updatedAt']),
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}

const lowerEmail = sql`lower(${users.email})`;
const lowerUsername = sql`lower(${users.username})`;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(lowerEmail, email.toLowerCase()));
  return row;
}

/** A username from the e-mail's local part, made unique with a number (ann, ann2, ann3 …). */
export async function uniqueUsernameFor(db: Executor, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '').replace(/[^\w.-]/g, '').slice(0, 40) || 'user';
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(ilike(users.username, `${escapeLike(base)}%`))
    ).map((row) => row.username.toLowerCase()),
  );
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function conflictFor(error: unknown): HttpError | null {
  const violation = uniqueViolation(error);
  if (!violation) return null;
  return conflict(violation.constraint.includes('username') ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE);
}

async function assertFree(db: Executor, fields: { email?: string; username?: string }, exceptId?: number) {
  const notSelf = exceptId === undefined ? undefined : ne(users.id, exceptId);
  if (fields.email) {
    const [row] = await db.select({ id: users.id }).from(users).where(and(eq(lowerEmail, fields.email.toLowerCase()), notSelf));
    if (row) throw conflict(EMAIL_TAKEN_MESSAGE);
  }
  if (fields.username) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(lowerUsername, fields.username.toLowerCase()), notSelf));
    if (row) throw conflict(USERNAME_TAKEN_MESSAGE);
  }
}

export async function listUsers(db: Database, query: ListUsersParams): Promise<{ users: User[]; total: number }> {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(or(ilike(users.email, pattern), ilike(users.username, pattern))!);
  }
  if (query.status) filters.push(eq(users.isApproved, query.status === 'approved'));
  if (query.role) filters.push(eq(users.role, query.role));
  const where = filters.length ? and(...filters) : undefined;
  // Whether a reset of the second factor would take anything away: the admin offers it only then.
  const hasSecondFactor = sql<boolean>`(exists (select 1 from ${secondFactors} where ${secondFactors.userId} = ${users.id} and ${secondFactors.enabledAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ user: users, hasSecondFactor })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { users: rows.map((row) => ({ ...toUser(row.user), hasSecondFactor: row.hasSecondFactor })), total: totalRow?.value ?? 0 };
}

export async function createUser(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: Required<Omit<CreateUser, 'role'>> & Pick<CreateUser, 'role'> },
): Promise<User> {
  const { db } = services.database;
  const role = input.role ?? (input.isAdmin ? 'admin' : 'user');
  if (!canAssignRole(principalOf(actor)!, 'user', role)) throw forbidden(ROLE_NOT_ALLOWED_MESSAGE);
  await assertFree(db, { email: input.email, username: input.username });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    let row: UserRow | undefined;
    try {
      [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          role,
          isApproved: input.isApproved,
          // docs/architecture.md §6: users created by an admin are treated as confirmed.
          emailConfirmedAt: new Date(),
        })
        .returning();
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
    const user = toUser(row!);
    await writeAudit(tx, { actor, meta }, {
      action: 'user.create',
      entityId: user.id,
      details: { email: user.email, username: user.username, role: user.role, isApproved: user.isApproved },
    });
    return user;
  });
}

/**
 * The last-owner rule (decision 0050) must hold under concurrency: two owners demoting each other at once must not
 * both succeed. Every change that can take an owner away first locks every owner row (in id order, so two such
 * changes queue instead of deadlocking), then counts; the second change waits for the first to commit and counts
 * again. Row locks work the same on PostgreSQL and PGlite.
 */
async function lockOwners(tx: Executor): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).orderBy(asc(users.id)).for('update');
}

async function otherOwnerCount(tx: Executor, exceptId: number): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.role, 'owner'), ne(users.id, exceptId)));
  return row?.value ?? 0;
}

/**
 * The role a change asks for: `role` when sent; else the spec's `isAdmin` — true makes a non-admin an admin, false
 * makes an owner or admin a user — so the spec's clients, which send `isAdmin` with every edit, never demote an
 * editor by saving their e-mail.
 */
function requestedRole(current: Role, changes: Pick<UpdateUser, 'role' | 'isAdmin'>): Role {
  if (changes.role) return changes.role;
  if (changes.isAdmin === true && !isAdminRole(current)) return 'admin';
  if (changes.isAdmin === false && isAdminRole(current)) return 'user';
  return current;
}

/** Only approval may be changed by a role that approves users without managing them (support). */
function changesOnlyApproval(changes: UpdateUser): boolean {
  return Object.entries(changes).every(([field, value]) => value === undefined || field === 'isApproved' || (field === 'password' && value === ''));
}

export async function updateUser(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: { id: number; changes: UpdateUser } },
): Promise<User> {
  const { db } = services.database;
  const { id, changes } = input;
  const passwordChanged = typeof changes.password === 'string' && changes.password.length > 0;
  // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold locks.
  const newPasswordHash = passwordChanged ? await hashPassword(changes.password!) : undefined;

  const principal = principalOf(actor)!;
  if (!changesOnlyApproval(changes)) assertActorCan(actor, 'users.manage');

  const { row, approvedNow, roleChanged } = await db.transaction(async (tx) => {
    await lockOwners(tx);
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound(USER_NOT_FOUND_MESSAGE);
    // An owner's account is an owner's business (decision 0050), approval included.
    if (current.role === 'owner' && !can(principal, 'owners.manage')) throw forbidden(OWNER_ONLY_MESSAGE);

    const nextRole = requestedRole(current.role, changes);
    const roleChanged = nextRole !== current.role;
    if (roleChanged && !canAssignRole(principal, current.role, nextRole)) throw forbidden(ROLE_NOT_ALLOWED_MESSAGE);
    // The back-office must always keep an owner: the last one cannot step down.
    if (roleChanged && current.role === 'owner' && (await otherOwnerCount(tx, id)) === 0) throw conflict(LAST_OWNER_MESSAGE);
    // Nor lock themselves out by revoking their own approval.
    if (changes.isApproved === false && id === actorUserId(actor)) throw conflict('You cannot revoke your own approval.');

    const emailChanged = changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
    const usernameChanged = changes.username !== undefined && changes.username.toLowerCase() !== current.username.toLowerCase();
    await assertFree(tx, { email: emailChanged ? changes.email : undefined, username: usernameChanged ? changes.username : undefined }, id);

    const approvalRevoked = changes.isApproved === false && current.isApproved;
    const approvedNow = changes.isApproved === true && !current.isApproved;

    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (changes.username !== undefined) set.username = changes.username;
    if (changes.email !== undefined) set.email = changes.email;
    if (roleChanged) set.role = nextRole;
    if (changes.isApproved !== undefined) set.isApproved = changes.isApproved;
    if (newPasswordHash) set.passwordHash = newPasswordHash;
    // Approving an account whose owner never confirmed the e-mail: the admin vouches for the address.
    if (approvedNow && !current.emailConfirmedAt) set.emailConfirmedAt = new Date();
    // Old sessions die at once when the password changes, approval is taken away or the role changes (docs/architecture.md §5).
    if (passwordChanged || approvalRevoked || roleChanged) set.tokenVersion = current.tokenVersion + 1;

    let row: UserRow | undefined;
    try {
      [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
    if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);

    const action =
      changes.isApproved !== undefined && changes.isApproved !== current.isApproved
        ? changes.isApproved
          ? 'user.approve'
          : 'user.unapprove'
        : roleChanged
          ? 'user.role_change'
          : 'user.update';
    await writeAudit(tx, { actor, meta }, { action, entityId: id, change: { before: current, after: row } });
    // Issue 41: committed with the approval (decision 0063).
    if (approvedNow) await recordWebhookEvent(tx, WEBHOOK_EVENT.userApproved, webhookUser(row));
    // A password change is its own entry (issue 23 §6), even when it came with an approval or a role change.
    if (passwordChanged) await writeAudit(tx, { actor, meta }, { action: 'user.password_change', entityId: id, details: { by: 'admin' } });
    return { row, approvedNow, roleChanged };
  });

  // Queued (persisted) after the commit, as every account mail: a rolled-back change sends nothing.
  if (approvedNow) await services.mailer.enqueue(await accountApprovedEmail(row.email, services.mailBrand));
  // Decision 0056: a person learns that their access changed, and why their session just ended.
  if (roleChanged) await services.mailer.enqueue(await roleChangedEmail(row.email, services.mailBrand, row.role));
  return toUser(row);
}

export async function deleteUser(services: AppServices, { actor, meta, input }: RequestContext & { input: { id: number } }): Promise<void> {
  const { db } = services.database;
  const { id } = input;
  if (id === actorUserId(actor)) throw conflict(DELETE_SELF_MESSAGE);
  const removed = await db.transaction(async (tx) => {
    await lockOwners(tx);
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound(USER_NOT_FOUND_MESSAGE);
    if (current.role === 'owner' && !actorCan(actor, 'owners.manage')) throw forbidden(OWNER_ONLY_MESSAGE);
    if (current.role === 'owner' && (await otherOwnerCount(tx, id)) === 0) throw conflict(LAST_OWNER_MESSAGE);
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, { actor, meta }, {
      action: 'user.delete',
      entityId: id,
      details: { email: current.email, username: current.username, role: current.role },
    });
    return current;
  });
  // Decision 0056: a staff member learns their access is gone. A plain user (often an unconfirmed sign-up being
  // cleared away) is not mailed.
  if (removed.role !== 'user') await services.mailer.enqueue(await staffRemovedEmail(removed.email, services.mailBrand));
}

/**
 * `POST /api/users/bulk` (issue 10 §6): approve, revoke approval or delete many users, row by row through the
 * same rules and audit entries as the single-user calls (one entry per row changed). A row that is refused —
 * yourself, the last admin, gone — is reported in `failed` and does not stop the others. A row already in the
 * asked state counts as done and writes nothing.
 */
export async function bulkUsers(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: UserBulkRequest },
): Promise<UserBulkResponse> {
  const ids = [...new Set(input.ids)];
  const rows = await services.database.db
    .select({ id: users.id, isApproved: users.isApproved })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const done: number[] = [];
  const failed: UserBulkResponse['failed'] = [];
  for (const id of ids) {
    const row = byId.get(id);
    try {
      if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
      if (input.action === 'delete') {
        assertActorCan(actor, 'users.manage');
        await deleteUser(services, { actor, meta, input: { id } });
      } else {
        const isApproved = input.action === 'approve';
        if (row.isApproved !== isApproved) await updateUser(services, { actor, meta, input: { id, changes: { isApproved } } });
      }
      done.push(id);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      failed.push({ id, error: error.message });
    }
  }
  return { done, failed };
}

/** A user as a webhook event carries them (issue 41): never the password hash or the session version. */
export function webhookUser(row: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'isApproved' | 'createdAt'>) {
  return { id: row.id, username: row.username, email: row.email, role: row.role, isApproved: row.isApproved, createdAt: row.createdAt.toISOString() };
}
