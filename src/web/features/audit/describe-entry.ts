/**
 * An audit entry in words for the audit screen (issue 23 §6): sign-ins, the hourly roll-ups of anonymous events
 * (decision 0022), password changes, two-step sign-in (decision 0053), post review (decision 0058) and the leads export. Other actions say enough by their name: null.
 */
import type { AuditLogEntry } from '../../../shared/schemas/audit';

const REASONS: Record<string, string> = {
  unknown_email: 'unknown e-mail',
  wrong_password: 'wrong password',
  email_not_confirmed: 'e-mail not confirmed',
  awaiting_approval: 'awaiting approval',
  backed_off: 'refused while the address waits',
  wrong_second_factor: 'wrong two-step code',
  unknown_passkey: 'unknown passkey',
  wrong_passkey: 'passkey refused',
};

/** Filter fields of the export that are defaults, not choices. */
const DEFAULT_FILTER_KEYS = new Set(['sort']);

const number = new Intl.NumberFormat('en-US');
const plural = (count: number, one: string, many = `${one}s`) => `${number.format(count)} ${count === 1 ? one : many}`;

function asCounts(value: unknown): Array<[string, number]> {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .sort((a, b) => b[1] - a[1]);
}

/** `from DE (480), US (20)`: the five most frequent countries. */
function countriesText(value: unknown): string {
  const counts = asCounts(value);
  if (counts.length === 0) return '';
  const shown = counts.slice(0, 5).map(([code, count]) => `${code} (${number.format(count)})`);
  return ` from ${shown.join(', ')}${counts.length > 5 ? ` and ${plural(counts.length - 5, 'other country', 'other countries')}` : ''}`;
}

function hourText(value: unknown): string {
  return typeof value === 'string' && /T\d\d:00Z$/.test(value) ? ` in the hour from ${value.slice(11, 16)} UTC` : ' in this hour';
}

function filterText(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([key, item]) => !DEFAULT_FILTER_KEYS.has(key) && item !== undefined && item !== null && item !== '')
    .map(([key, item]) => (Array.isArray(item) ? `${plural(item.length, 'chosen lead')}` : `${key} “${String(item)}”`));
  return parts.length ? `, filtered by ${parts.join(', ')}` : ', no filter';
}

export function describeEntry(entry: Pick<AuditLogEntry, 'action' | 'details'>): string | null {
  const details = entry.details ?? {};
  const count = typeof details.count === 'number' ? details.count : 0;
  switch (entry.action) {
    case 'user.sign_in': {
      const how =
        details.secondFactor === 'totp'
          ? ' with an app code'
          : details.secondFactor === 'recovery_code'
            ? ' with a recovery code'
            : details.secondFactor === 'passkey'
              ? ' with the password and a passkey'
              : details.passkey === true
                ? ' with a passkey'
                : '';
      return `Signed in${how}${typeof details.country === 'string' ? ` from ${details.country}` : ''}`;
    }
    // Two-step sign-in (decision 0053).
    case 'user.mfa_enable':
      return 'Two-step sign-in turned on';
    case 'user.mfa_disable':
      return `Two-step sign-in turned off${details.proof === 'password' ? ' with the password' : details.proof === 'code' ? ' with an app code' : ''}`;
    case 'user.mfa_recovery_codes_regenerate':
      return 'New recovery codes made; the old ones stopped working';
    case 'user.mfa_recovery_code_use':
      return typeof details.recoveryCodesLeft === 'number' ? `Signed in with a recovery code (${plural(details.recoveryCodesLeft, 'code')} left)` : 'Signed in with a recovery code';
    case 'user.mfa_reset':
      return details.hadFactor === false ? 'Two-step sign-in reset by an admin (there was none)' : 'Two-step sign-in reset by an admin';
    // Passkeys (decision 0057).
    case 'user.passkey_add':
      return typeof details.name === 'string' ? `Passkey “${details.name}” added` : 'Passkey added';
    case 'user.passkey_rename':
      return typeof details.from === 'string' && typeof details.to === 'string' ? `Passkey “${details.from}” renamed “${details.to}”` : 'Passkey renamed';
    case 'user.passkey_remove':
      return typeof details.name === 'string' ? `Passkey “${details.name}” removed` : 'Passkey removed';
    case 'user.sign_in_failed': {
      const reasons = asCounts(details.reasons).map(([reason, n]) => `${REASONS[reason] ?? reason.replaceAll('_', ' ')} ${number.format(n)}`);
      const addresses = Array.isArray(details.emailHashes) ? details.emailHashes.length : 0;
      return (
        `${plural(count, 'failed sign-in')}${hourText(details.hour)}` +
        (reasons.length ? ` (${reasons.join(', ')})` : '') +
        (addresses ? `, for ${addresses >= 20 ? '20 or more' : number.format(addresses)} ${addresses === 1 ? 'address' : 'addresses'}` : '') +
        countriesText(details.countries)
      );
    }
    case 'user.signup':
      return details.count === undefined ? 'Signed up' : `${plural(count, 'sign-up request')}${hourText(details.hour)}${countriesText(details.countries)}`;
    case 'user.password_change':
      return details.by === 'admin' ? 'Password changed by an admin' : 'Password changed';
    case 'user.password_reset':
      return 'Password reset with an e-mailed link';
    case 'user.sign_in_unblock':
      return 'Sign-in block lifted by an admin';
    // Post review (decision 0058).
    case 'blog_post.submit':
      return 'Submitted for review';
    case 'blog_post.withdraw':
      return details.returnedToAuthor === true ? 'Returned to its author' : 'Withdrawn from review';
    // Revisions (decision 0064): a restore names the revision it brought back.
    case 'blog_post.restore':
    case 'page.restore':
    case 'campaign.restore':
      return typeof details.restoredFrom === 'number' ? `Restored revision ${details.restoredFrom}` : 'Restored a revision';
    case 'lead.export': {
      const rows = typeof details.rows === 'number' ? details.rows : 0;
      return `Exported ${plural(rows, 'lead')} as CSV${filterText(details.filter)}${details.complete === false ? ' (the download stopped early)' : ''}`;
    }
    default:
      return null;
  }
}
