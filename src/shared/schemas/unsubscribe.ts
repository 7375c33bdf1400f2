import { z } from 'zod';
import { safeString } from './text.ts';

/**
 * The suppression list's scopes (issue 24): 'marketing' (product updates, Stay Updated, the download mail's
 * follow-ups), 'invitations' (invitations from other people), 'all'. Account mail (confirm, reset, approval) is
 * never suppressed.
 */
export const SUPPRESSION_SCOPES = ['marketing', 'invitations', 'all'] as const;
export type SuppressionScope = (typeof SUPPRESSION_SCOPES)[number];
/** How the address asked: the one-click POST of its mail client, the page's button, or an admin. */
export const SUPPRESSION_METHODS = ['one_click', 'page', 'admin'] as const;
export type SuppressionMethod = (typeof SUPPRESSION_METHODS)[number];

export const SCOPE_LABELS: Record<SuppressionScope, string> = {
  marketing: 'product updates',
  invitations: 'invitations from other people',
  all: 'all e-mail except account messages',
};

const token = safeString('Token').trim().min(1, 'This unsubscribe link is incomplete').max(600, 'This unsubscribe link is not valid');

/** `GET /unsubscribe?t=…` (the page). */
export const UnsubscribeQuerySchema = z.object({ t: token.optional() });

/**
 * `POST /unsubscribe?t=…`: RFC 8058's one-click body (`List-Unsubscribe=One-Click`) from a mail client, or the
 * page's form (`action` = unsubscribe | resubscribe). Form-encoded, no cookie, no JavaScript.
 */
export const UnsubscribePostSchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: "List-Unsubscribe must be 'One-Click'" }).optional(),
  action: z.enum(['unsubscribe', 'resubscribe', 'confirm'], { error: "action must be 'unsubscribe', 'resubscribe' or 'confirm'" }).optional(),
  t: token.optional(),
});
export type UnsubscribePost = z.infer<typeof UnsubscribePostSchema>;

/** What the unsubscribe page shows. */
export interface UnsubscribeStatus {
  /** The address, as the token carries it. */
  email: string;
  scope: SuppressionScope;
  scopeLabel: string;
  isSuppressed: boolean;
}
