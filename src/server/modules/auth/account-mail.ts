/**
 * The password-reset request and the confirmation re-send (docs/architecture.md §5, decision 0041).
 *
 * Both answer the same to every address, and must take the same time too, or the timing tells which addresses have
 * an account (issue 34 §1: 18.3 ms for a registered address against 5.8 ms for an unknown one). So the request does
 * not look the address up at all: it queues one job naming the address — the same work for every address — and
 * answers no sooner than SIGN_UP_MIN_MS after it began, the floor sign-up keeps too. The job decides whether a mail
 * goes out: a reset link to an account, a new confirmation link to an unconfirmed one, and nothing to an unknown
 * address or within a minute of the last link (no mail bombing).
 *
 * The job runs only after the answer has left (a second past the floor): its work — a token, a rendered template, an
 * SMTP delivery, all on this process's one event loop — would otherwise delay the very answer it belongs to, and
 * a known address would again answer later (measured: +12.6 ms with the job run at once, decision 0041).
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { AppServices } from '../../services.ts';
import { findUserByEmail } from '../users/service.ts';
import { noteSignIn, type SignInNote } from './new-sign-in.ts';
import { confirmationEmail, passwordResetEmail } from '../mail/account-emails.ts';
import { CONFIRM_TOKEN_TTL_MS, issuedRecently, issueTokenIn, RESET_TOKEN_TTL_MS, waitUntil } from './service.ts';

export const ACCOUNT_MAIL_JOB = 'account.mail';

/** A link to send (or not) to an address; or a sign-in to check for a new device or country (new-sign-in.ts). */
export type AccountMailJob =
  | { purpose: 'reset_password' | 'confirm_email'; email: string }
  | ({ purpose: 'new_sign_in' } & SignInNote);

/** Seconds before the job may run: a second past the answer's floor. */
const accountMailDelaySeconds = (floorMs: number) => Math.ceil(floorMs / 1000) + 1;

/** Queues the job and answers no sooner than the floor, whatever the address (also when queuing failed). */
async function queueAccountMail(services: AppServices, job: AccountMailJob & { email: string }): Promise<void> {
  const started = performance.now();
  try {
    await services.queue.send(ACCOUNT_MAIL_JOB, job, { startAfterSeconds: accountMailDelaySeconds(services.config.signUpMinMs) });
  } finally {
    await waitUntil(started, services.config.signUpMinMs);
  }
}

export const requestPasswordReset = (services: AppServices, email: string) => queueAccountMail(services, { purpose: 'reset_password', email });

export const resendConfirmation = (services: AppServices, email: string) => queueAccountMail(services, { purpose: 'confirm_email', email });

/**
 * A successful sign-in's note (any path): the job mails the owner when its device or country is new. Queued at
 * once — nothing here is timed — and one insert, so the sign-in answer never waits on the decision or on SMTP.
 */
export async function queueSignInNote(services: AppServices, note: SignInNote): Promise<void> {
  await services.queue.send(ACCOUNT_MAIL_JOB, { purpose: 'new_sign_in', ...note } satisfies AccountMailJob);
}

/**
 * The job: a new link of the purpose's kind (older unused ones stop working) and its mail, or nothing. Decided with
 * the user row locked, so two requests at once issue one link. A sign-in's note goes to new-sign-in.ts.
 */
export async function sendAccountMail(services: AppServices, job: AccountMailJob): Promise<void> {
  if (job.purpose === 'new_sign_in') {
    await noteSignIn(services, job);
    return;
  }
  const { purpose, email } = job;
  const { db } = services.database;
  const user = await findUserByEmail(db, email);
  if (!user || (purpose === 'confirm_email' && user.emailConfirmedAt)) return;
  const token = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (await issuedRecently(tx, user.id, purpose)) return null;
    return issueTokenIn(tx, user.id, purpose, purpose === 'reset_password' ? RESET_TOKEN_TTL_MS : CONFIRM_TOKEN_TTL_MS);
  });
  if (token === null) return;
  const render = purpose === 'reset_password' ? passwordResetEmail : confirmationEmail;
  await services.mailer.enqueue(await render(user.email, services.mailBrand, token));
}

/**
 * Registers the worker (main.ts, and tests that start workers). One job at a time: each is a lookup and at most one
 * small transaction, and in order, so a later request's mail arriving means the earlier ones were decided.
 */
export async function startAccountMailWorker(queue: JobQueue, services: AppServices): Promise<void> {
  await queue.consume<AccountMailJob>(ACCOUNT_MAIL_JOB, { concurrency: 1 }, (job) => sendAccountMail(services, job));
}
