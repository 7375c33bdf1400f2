import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { uniqueViolation } from '../../lib/sql.ts';
import { hashPassword } from '../../lib/passwords.ts';

export interface FirstAdminResult {
  email: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
  created: boolean;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@jotit.local';

function usernameFromEmail(email: string): string {
  return email.split('@')[0]!.replace(/[^\w.-]/g, '').slice(0, 40) || 'admin';
}

/**
 * Creates (or promotes) an admin with this e-mail. Used by `npm run create-admin` and by start-up with
 * ADMIN_EMAIL/ADMIN_PASSWORD. An admin made here is an owner (decision 0050: the way back in for whoever runs the
 * server), confirmed and approved.
 */
export async function upsertAdmin(db: Database, email: string, password: string): Promise<FirstAdminResult> {
  const passwordHash = await hashPassword(password);
  const [existing] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing) {
    await db
      .update(users)
      .set({
        passwordHash,
        role: 'owner',
        isApproved: true,
        emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
        tokenVersion: existing.tokenVersion + 1,
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    return { email, created: false };
  }
  await db.insert(users).values({
    username: await uniqueUsername(db, usernameFromEmail(email)),
    email,
    passwordHash,
    role: 'owner',
    isApproved: true,
    emailConfirmedAt: new Date(),
  });
  return { email, created: true };
}

async function uniqueUsername(db: Database, base: string): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}${attempt + 1}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, candidate.toLowerCase()));
    if (!taken) return candidate;
  }
}

/**
 * docs/architecture.md §5: the first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD; with neither, and only while no admin
 * exists, the embedded default seeds admin@jotit.local with a random password that is printed once.
 */
export async function ensureFirstAdmin(
  db: Database,
  options: { adminEmail?: string; adminPassword?: string; generateDefault: boolean },
): Promise<FirstAdminResult | null> {
  if (options.adminEmail && options.adminPassword) {
    const [existing] = await db
      .select({ id: users.id, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(sql`lower(${users.email})`, options.adminEmail.toLowerCase()));
    // Never overwrite the password of an existing admin at every restart.
    if (existing?.isAdmin) return null;
    try {
      return await upsertAdmin(db, options.adminEmail, options.adminPassword);
    } catch (error) {
      // Several instances starting together on an empty database: another one created this admin first.
      if (uniqueViolation(error)) return null;
      throw error;
    }
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (anyAdmin || !options.generateDefault) return null;
  const generatedPassword = randomBytes(12).toString('base64url');
  const result = await upsertAdmin(db, DEFAULT_ADMIN_EMAIL, generatedPassword);
  return { ...result, generatedPassword };
}
