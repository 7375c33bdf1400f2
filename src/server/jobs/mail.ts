/**
 * E-mail: every message is a job (retried with backoff), never sent inline in a request. With SMTP_URL it is
 * sent by SMTP; without, it is written to DATA_DIR/outbox/*.eml and its subject and links are logged, so local
 * runs can follow confirmation and reset links.
 *
 * Two queues (decision 0011): transactional mail (confirmation, password reset, approval) has its own queue and
 * goes first, so a burst of lead, feedback or invitation e-mails never delays a password reset. Both share one
 * pace per instance (MAIL_RATE_PER_MINUTE, MAIL_CONCURRENCY), in which a waiting transactional message always
 * takes the next turn.
 *
 * Issue 24: every message says it is automatic (`Auto-Submitted: auto-generated`); From carries a display name;
 * DKIM signs when configured. A message that may be stopped (`unsubscribe`) carries RFC 8058's header pair and is
 * checked against the suppression list right before it is sent, so a stop holds even for mail already queued.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { SuppressionScope } from '../../shared/schemas/unsubscribe.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from './queue.ts';
import { isSuppressed } from './suppression.ts';
import { type MailKind, MailPace, type MailPaceLimits } from './mail-pace.ts';

export type { MailKind, MailPaceLimits } from './mail-pace.ts';

/** The bulk queue keeps the original name, so messages queued before the split are still delivered. */
export const MAIL_QUEUES: Record<MailKind, string> = { transactional: 'mail.transactional', bulk: 'mail.send' };

/** The default pace (config.ts holds the same defaults for MAIL_RATE_PER_MINUTE and MAIL_CONCURRENCY). */
export const DEFAULT_MAIL_PACE: MailPaceLimits = { ratePerMinute: 600, concurrency: 4 };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Only where a person should answer (feedback, contact, the download mail's "reply reaches a person"). */
  replyTo?: string;
  /** 'transactional' for account mail a person is waiting for; everything else is 'bulk' (the default). */
  kind?: MailKind;
  /**
   * Marketing mail and invitations: the suppression scope checked before sending, and the signed one-click URL
   * for `List-Unsubscribe`. Account mail has none and is never suppressed.
   */
  unsubscribe?: { scope: SuppressionScope; url: string };
}

type QueuedMessage = Omit<MailMessage, 'kind'>;

export interface Mailer {
  /** Queues a message; resolves once the job is stored in the database. */
  enqueue(message: MailMessage): Promise<void>;
  /** Sends now (used by the job worker). */
  deliver(message: MailMessage): Promise<void>;
}

export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  /** MAIL_FROM: an address, or `Name <address>`. */
  from: string;
  /**
   * MAIL_FROM_NAME (the display name when MAIL_FROM is a bare address), DKIM, and SUPPORT_EMAIL (the mailbox of
   * the `mailto:` half of List-Unsubscribe, read by a person).
   */
  config?: Pick<AppConfig, 'mailFromName' | 'dkim' | 'supportEmail'>;
  /** The suppression list is read from here; without it nothing is suppressed (scripts, benches). */
  db?: Database;
  outboxDir: string;
  queue: JobQueue;
  logger: FastifyBaseLogger;
}

/**
 * The app's mailer as `buildApp` asks for it (once the app's logger exists), from the configuration: SMTP_URL and
 * MAIL_FROM, `.eml` files in `outboxDir` without SMTP, the suppression list read from `db` when given. One place
 * for the server, the tests' apps and the bench.
 */
export function appMailer(options: {
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'mailFromName' | 'dkim' | 'supportEmail'>;
  db?: Database;
  outboxDir: string;
  queue: JobQueue;
}): (app: { log: FastifyBaseLogger }) => Mailer {
  const { config, db, outboxDir, queue } = options;
  return (app) => createMailer({ smtpUrl: config.smtpUrl, config, db, from: config.mailFrom, outboxDir, queue, logger: app.log });
}

/** `"JotIt" <no-reply@…>` from MAIL_FROM (kept when it already has a name) and MAIL_FROM_NAME. */
export function fromHeader(from: string, name = PRODUCT_NAME): string | { name: string; address: string } {
  return from.includes('<') ? from : { name, address: from.trim() };
}

/** Headers of RFC 8058 one-click unsubscribe, plus a mailto: fallback for clients without HTTP. */
export function listUnsubscribeHeaders(url: string, mailto: string | undefined): Record<string, string> {
  const mail = mailto ? `, <mailto:${mailto}?subject=${encodeURIComponent('Unsubscribe')}>` : '';
  return { 'List-Unsubscribe': `<${url}>${mail}`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function createMailer(options: MailerOptions): Mailer {
  const dkim: DkimOptions | undefined = options.config?.dkim;
  const defaults = dkim ? { dkim } : {};
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, defaults)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, defaults);
  const from = fromHeader(options.from, options.config?.mailFromName);
  const db = options.db;

  return {
    async enqueue({ kind = 'bulk', ...message }) {
      await options.queue.send<QueuedMessage>(MAIL_QUEUES[kind], message);
    },
    async deliver({ kind: _kind, unsubscribe, ...message }) {
      if (unsubscribe && db && (await isSuppressed(db, message.to, unsubscribe.scope))) {
        // Not an error: the job completes and nothing is sent. The address is not logged.
        options.logger.info({ subject: message.subject, scope: unsubscribe.scope }, 'e-mail not sent: the recipient unsubscribed');
        return;
      }
      const headers: Record<string, string> = {
        'Auto-Submitted': 'auto-generated',
        ...(unsubscribe ? listUnsubscribeHeaders(unsubscribe.url, options.config?.supportEmail) : {}),
      };
      const info = await transport.sendMail({ from, ...message, headers });
      if (options.smtpUrl) {
        options.logger.info({ subject: message.subject }, 'e-mail sent');
        return;
      }
      // Written beside the outbox, logged, then moved in: whoever reads the outbox never sees a half-written
      // message, and finds its log line already there.
      const partialDir = path.join(path.dirname(options.outboxDir), '.outbox-partial');
      await mkdir(options.outboxDir, { recursive: true });
      await mkdir(partialDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(path.join(partialDir, name), (info as unknown as { message: Buffer }).message);
      // Local runs only (no SMTP): the links are what a developer needs to follow the flow.
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info({ subject: message.subject, file, links }, 'e-mail written to the outbox (no SMTP_URL)');
      await rename(path.join(partialDir, name), file);
    },
  };
}

/**
 * Registers the workers that deliver queued e-mail, one per queue, sharing one pace. A failed delivery is
 * retried with backoff by pg-boss.
 */
export async function startMailWorker(
  queue: JobQueue,
  mailer: Mailer,
  logger: FastifyBaseLogger,
  limits: MailPaceLimits = DEFAULT_MAIL_PACE,
): Promise<void> {
  const pace = new MailPace(limits);
  for (const kind of ['transactional', 'bulk'] as const) {
    await queue.consume<QueuedMessage>(MAIL_QUEUES[kind], { concurrency: limits.concurrency }, async (message, job) => {
      // Waiting for a turn can be cut short by shutdown: the job then goes back to the queue as a failure.
      const release = await pace.acquire(kind, job.signal);
      try {
        await mailer.deliver(message);
      } catch (error) {
        logger.warn({ err: error, jobId: job.id, kind, retryCount: job.retryCount }, 'e-mail delivery failed; will retry');
        throw error;
      } finally {
        release();
      }
    });
  }
}
