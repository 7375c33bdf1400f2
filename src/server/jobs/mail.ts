/**
 * E-mail: every message goes through the `mail.send` job (retried with backoff), never inline in a request.
 * With SMTP_URL it is sent by SMTP; without, it is written to DATA_DIR/outbox/*.eml and its subject and
 * links are logged, so local runs can follow confirmation and reset links.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './queue.ts';

export const MAIL_JOB = 'mail.send';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  /** Queues a message; resolves once the job is stored in the database. */
  enqueue(message: MailMessage): Promise<void>;
  /** Sends now (used by the job worker). */
  deliver(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  queue: JobQueue;
  logger: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async enqueue(message) {
      await options.queue.send(MAIL_JOB, message);
    },
    async deliver(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) {
        options.logger.info({ subject: message.subject }, 'e-mail sent');
        return;
      }
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      // Local runs only (no SMTP): the links are what a developer needs to follow the flow.
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info({ subject: message.subject, file, links }, 'e-mail written to the outbox (no SMTP_URL)');
    },
  };
}

/** Registers the worker that delivers queued e-mail. A thrown error makes pg-boss retry with backoff. */
export async function startMailWorker(queue: JobQueue, mailer: Mailer, logger: FastifyBaseLogger): Promise<void> {
  await queue.work<MailMessage>(MAIL_JOB, async (message, job) => {
    try {
      await mailer.deliver(message);
    } catch (error) {
      logger.warn({ err: error, jobId: job.id, retryCount: job.retryCount }, 'e-mail delivery failed; will retry');
      throw error;
    }
  });
}

/** A minimal HTML part for a plain-text message: escaped paragraphs, links made clickable. */
export function textToHtml(text: string): string {
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escape(paragraph)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">${paragraphs}</body></html>`;
}
