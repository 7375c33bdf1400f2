/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, issue 41 §3): `webhook-signature` is
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the secret's bytes (`whsec_<base64>`). During a rotation's
 * overlap the header carries one signature per secret, space-separated; receivers accept any that verifies.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes, as Svix and the Standard Webhooks libraries expect them. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** A new event id (`msg_…`), the `webhook-id` every attempt and replay of the event carries. */
export function generateEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt, signed by every secret given (the current one first). */
export function signatureHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => sign(secret, id, timestampSeconds, body)).join(' '),
  };
}
