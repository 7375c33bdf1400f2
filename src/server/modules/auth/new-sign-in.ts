/**
 * "New sign-in" security mail (issue 36 §7; decision 0059). A successful sign-in — password, second step or
 * passkey — queues an account-mail job naming its device (lib/device-label.ts: browser and system family, as the
 * session row names it) and country; the job, never the sign-in answer, decides and mails, so an answer does not wait
 * on a lookup or SMTP (decision 0041).
 *
 * New means the pair device + country is not among the account's known sign-in devices (`known_sign_in_devices`,
 * which outlives sessions). An account with no known pair is signing in for the first time — nothing to compare with,
 * so the pair is recorded and nothing is sent — unless the audit log holds an earlier sign-in: an account dormant
 * since before the table existed (migration 0018 knew only live sessions) is mailed like any other. Decided with the
 * user row locked, so two sign-ins' jobs for one account (on one instance or several) record and mail a pair once;
 * if the mail cannot be queued the pair is forgotten again, so the job's retry still mails.
 */
import { and, eq } from 'drizzle-orm';
import { auditLog, knownSignInDevices, users } from '../../db/schema.ts';
import type { AppServices } from '../../services.ts';
import { sendSecurityNotice } from '../mail/account-emails.ts';

export interface SignInNote {
  userId: number;
  device: string;
  country: string | null;
  /** When the sign-in happened (ISO), for the mail. */
  at: string;
}

/** Records the sign-in's device and country; true when it was new and the owner was mailed. */
export async function noteSignIn(services: AppServices, note: SignInNote): Promise<boolean> {
  const { db } = services.database;
  const at = new Date(note.at);
  const country = note.country ?? '';
  const email = await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, note.userId)).for('update');
    if (!user) return null;
    const known = await tx
      .select({ device: knownSignInDevices.device, country: knownSignInDevices.country })
      .from(knownSignInDevices)
      .where(eq(knownSignInDevices.userId, note.userId));
    if (known.some((row) => row.device === note.device && row.country === country)) {
      await tx
        .update(knownSignInDevices)
        .set({ lastSeenAt: at })
        .where(and(eq(knownSignInDevices.userId, note.userId), eq(knownSignInDevices.device, note.device), eq(knownSignInDevices.country, country)));
      return null;
    }
    await tx.insert(knownSignInDevices).values({ userId: note.userId, device: note.device, country, firstSeenAt: at, lastSeenAt: at });
    if (known.length > 0) return user.email;
    // No pair known: the first sign-in ever (its own audit row is the only one), or an account dormant since before
    // known devices were kept.
    const signIns = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(note.userId)), eq(auditLog.action, 'user.sign_in')))
      .limit(2);
    return signIns.length > 1 ? user.email : null;
  });
  if (email === null) return false;
  try {
    await sendSecurityNotice(services, email, { kind: 'new_sign_in', device: note.device, country: note.country, at });
  } catch (error) {
    const pair = and(eq(knownSignInDevices.userId, note.userId), eq(knownSignInDevices.device, note.device), eq(knownSignInDevices.country, country));
    await db.delete(knownSignInDevices).where(pair);
    throw error;
  }
  return true;
}
