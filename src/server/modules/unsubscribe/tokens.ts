/**
 * Unsubscribe tokens (issue 24): the address and the scope, signed with an HMAC, so a link works with no login,
 * no cookie and no database row, and never expires (RFC 8058 one-click links must keep working). The key is
 * derived from the JWT secret, so no new secret has to be configured; rotating JWT_SECRET retires old links.
 * Format: base64url(address) "." scope "." base64url(HMAC-SHA256(key, scope ":" address)), address lower-case.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SuppressionScope, SUPPRESSION_SCOPES } from '../../../shared/schemas/unsubscribe.ts';

export interface UnsubscribeLinks {
  token(email: string, scope: SuppressionScope): string;
  /** `PUBLIC_URL/unsubscribe?t=…` */
  url(email: string, scope: SuppressionScope): string;
  /** The address and scope of a genuine token, else null. */
  verify(token: string): { email: string; scope: SuppressionScope } | null;
}

export function createUnsubscribeLinks(secret: string, publicUrl: string): UnsubscribeLinks {
  // A key of its own: a token of one kind is never valid as another (JWTs use the secret directly).
  const key = createHmac('sha256', secret).update('jotit-unsubscribe-v1').digest();
  const sign = (email: string, scope: string) => createHmac('sha256', key).update(`${scope}:${email}`).digest();

  const token = (email: string, scope: SuppressionScope) => {
    const address = email.trim().toLowerCase();
    return `${Buffer.from(address).toString('base64url')}.${scope}.${sign(address, scope).toString('base64url')}`;
  };
  return {
    token,
    url: (email, scope) => `${publicUrl}/unsubscribe?t=${token(email, scope)}`,
    verify(value) {
      const parts = value.split('.');
      if (parts.length !== 3) return null;
      const [encoded, scope, signature] = parts as [string, string, string];
      if (!(SUPPRESSION_SCOPES as readonly string[]).includes(scope)) return null;
      const email = Buffer.from(encoded, 'base64url').toString('utf8');
      const expected = sign(email, scope);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { email, scope: scope as SuppressionScope };
    },
  };
}
