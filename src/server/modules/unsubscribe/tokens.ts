/**
 * Unsubscribe tokens (issue 24): the address and the scope, signed with an HMAC, so a link works with no login,
 * no cookie and no database row, and never expires (RFC 8058 one-click links must keep working). The key is
 * derived from the JWT secret, so no new secret has to be configured; rotating JWT_SECRET retires old links.
 * Format: base64url(address) "." scope "." base64url(HMAC-SHA256(key, scope ":" address)), address lower-case.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SUPPRESSION_SCOPES } from '../../../shared/schemas/unsubscribe.ts';
import type { TokenPurpose, UnsubscribeLinks } from '../../services.ts';

const PURPOSES: readonly string[] = [...SUPPRESSION_SCOPES, 'confirm'];

export function createUnsubscribeLinks(secret: string, publicUrl: string): UnsubscribeLinks {
  // A key of its own: a token of one kind is never valid as another (JWTs use the secret directly).
  const key = createHmac('sha256', secret).update('jotit-unsubscribe-v1').digest();
  const sign = (email: string, scope: string) => createHmac('sha256', key).update(`${scope}:${email}`).digest();

  const token = (email: string, purpose: TokenPurpose) => {
    const address = email.trim().toLowerCase();
    return `${Buffer.from(address).toString('base64url')}.${purpose}.${sign(address, purpose).toString('base64url')}`;
  };
  const read = (value: string): { email: string; purpose: TokenPurpose } | null => {
    const parts = value.split('.');
    if (parts.length !== 3) return null;
    const [encoded, purpose, signature] = parts as [string, string, string];
    if (!PURPOSES.includes(purpose)) return null;
    const email = Buffer.from(encoded, 'base64url').toString('utf8');
    const expected = sign(email, purpose);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { email, purpose: purpose as TokenPurpose };
  };
  return {
    token,
    url: (email, scope) => `${publicUrl}/unsubscribe?t=${token(email, scope)}`,
    confirmUrl: (email) => `${publicUrl}/confirm-subscription?t=${token(email, 'confirm')}`,
    verify(value) {
      const found = read(value);
      return found && found.purpose !== 'confirm' ? { email: found.email, scope: found.purpose } : null;
    },
    verifyConfirm(value) {
      const found = read(value);
      return found?.purpose === 'confirm' ? found.email : null;
    },
  };
}
