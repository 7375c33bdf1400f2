/**
 * Secrets the server must read back (a TOTP secret; decision 0053), sealed at rest with AES-256-GCM under a key
 * derived from JWT_SECRET: a copy of the database alone does not give them away. Rotating JWT_SECRET makes the sealed
 * values unreadable, so it also means enrolling second factors again.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export interface Sealer {
  seal(plain: string): string;
  /** The plain text, or null when the value was not sealed with this key (tampered, or JWT_SECRET rotated). */
  open(sealed: string): string | null;
}

export function createSealer(masterSecret: string, purpose: string): Sealer {
  const key = createHmac('sha256', masterSecret).update(`sealed:${purpose}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
