/**
 * What an audit entry did, in one sentence (issue 37 §10): "Published post “Hello”", "Sent the download e-mail to
 * a…@example.com", rather than the stored code (`blog_post.update`, `lead.download_email`). One mapping from every
 * code the server writes (action-sentence.test.ts reads them out of src/server and fails on a code left out) to
 * its sentence; a code from a newer server still reads as words ("Banner: archive"). Names are cut with "…" so a
 * row stays short; the drawer shows them whole (`isWhole`).
 */
import type { AuditEntity, AuditLogEntry } from '../../../shared/schemas/audit';
import { describeEntry } from './describe-entry';
import { entityLabel } from './entry-names';

type Entry = Pick<AuditLogEntry, 'action' | 'entity' | 'entityId' | 'entityName' | 'details'>;

/** A name in a row: at most this many characters, then "…". */
export const SENTENCE_NAME_MAX = 40;

/** The entity as the object of a sentence. */
const NOUNS: Record<AuditEntity, string> = {
  user: 'user',
  banner: 'banner',
  faq: 'FAQ',
  build_guid: 'build GUID',
  client: 'API client',
  help_config: 'help video',
  lead: 'lead',
  inbox_message: 'message',
  blog_post: 'post',
  blog_category: 'blog category',
  blog_tag: 'blog tag',
  blog_ad: 'blog ad',
  upload: 'upload',
  campaign: 'campaign',
  affiliate_product: 'affiliate product',
  testimonial: 'testimonial',
  page: 'page',
  session: 'session',
  staff_invitation: 'staff invitation',
  webhook_endpoint: 'webhook endpoint',
};

/** Entities named by an e-mail address: shown without quotes. */
const NAMED_BY_EMAIL = new Set(['user', 'lead', 'staff_invitation']);

/** `text` cut to `max` characters with "…"; an e-mail address keeps its domain (`a…@example.com`). */
export function cutText(text: string, max = SENTENCE_NAME_MAX): string {
  if (text.length <= max) return text;
  const at = text.lastIndexOf('@');
  if (at > 0 && text.length - at < max - 1) {
    const domain = text.slice(at);
    return `${text.slice(0, max - domain.length - 1)}…${domain}`;
  }
  return `${text.slice(0, max - 1)}…`;
}

interface Options {
  /** Names whole (the drawer), not cut (a row). */
  isWhole?: boolean;
}

/** `post “Hello”`, `lead ada@example.com`, `banner #7`, `Contact message #3`. */
function thing(entry: Entry, options: Options): string {
  const noun = NOUNS[entry.entity as AuditEntity] ?? entityLabel(entry.entity).toLowerCase();
  if (entry.entity === 'inbox_message' && entry.entityId) {
    const [kind, id] = entry.entityId.split(':');
    return `${kind === 'contact' ? 'contact message' : 'feedback'} #${id ?? entry.entityId}`;
  }
  const name = entry.entityName ? (options.isWhole ? entry.entityName : cutText(entry.entityName)) : null;
  if (name) return NAMED_BY_EMAIL.has(entry.entity) ? `${noun} ${name}` : `${noun} “${name}”`;
  if (entry.entityId) return `${noun} ${entry.entity === 'upload' ? entry.entityId : `#${entry.entityId}`}`;
  return noun;
}

/** The e-mail address (or the name) alone, for sentences about a person: "Approved ada@example.com". */
function who(entry: Entry, options: Options): string {
  if (!entry.entityName) return thing(entry, options);
  return options.isWhole ? entry.entityName : cutText(entry.entityName);
}

/** A `{ from, to }` change of `field` recorded by the entry, when there is one. */
function changeOf(entry: Entry, field: string): { from: unknown; to: unknown } | null {
  const changes = entry.details?.changes;
  if (!changes || typeof changes !== 'object') return null;
  const change = (changes as Record<string, unknown>)[field];
  return change && typeof change === 'object' && 'to' in change ? (change as { from: unknown; to: unknown }) : null;
}

/** Published, scheduled, unpublished or edited: what a post's update did to its status. */
function postUpdate(entry: Entry, options: Options): string {
  const status = changeOf(entry, 'status');
  const post = thing(entry, options);
  if (status?.to === 'published') return `Published ${post}`;
  if (status?.to === 'scheduled') return `Scheduled ${post}`;
  if (status?.from === 'published' || status?.from === 'scheduled') return status.to === 'draft' ? `Unpublished ${post}` : `Edited ${post}`;
  return `Edited ${post}`;
}

function postCreate(entry: Entry, options: Options): string {
  const status = changeOf(entry, 'status')?.to;
  const post = thing(entry, options);
  if (status === 'published') return `Published ${post}`;
  if (status === 'scheduled') return `Scheduled ${post}`;
  return `Created ${post}`;
}

function roleChange(entry: Entry, options: Options): string {
  const role = changeOf(entry, 'role')?.to;
  if (typeof role === 'string') return `Made ${who(entry, options)} ${role === 'user' ? 'a regular user' : `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`}`;
  const isAdmin = changeOf(entry, 'isAdmin')?.to;
  if (typeof isAdmin === 'boolean') return isAdmin ? `Made ${who(entry, options)} an admin` : `Took the admin role from ${who(entry, options)}`;
  return `Changed the role of ${who(entry, options)}`;
}

/** The described text (sign-ins, roll-ups, exports…), which names no entity, followed by whose it was when known. */
const described = (fallback: string) => (entry: Entry, options: Options) => {
  const text = describeEntry(entry) ?? fallback;
  return entry.entityName && entry.entity === 'user' ? `${text}: ${who(entry, options)}` : text;
};

type Sentence = (entry: Entry, options: Options) => string;
const created: Sentence = (entry, options) => `Created ${thing(entry, options)}`;
const edited: Sentence = (entry, options) => `Edited ${thing(entry, options)}`;
const deleted: Sentence = (entry, options) => `Deleted ${thing(entry, options)}`;
const restored: Sentence = (entry, options) => `Restored an earlier revision of ${thing(entry, options)}`;

/** Every action code the server writes, and its sentence. */
export const ACTION_SENTENCES: Record<string, Sentence> = {
  'affiliate_product.create': created,
  'affiliate_product.update': edited,
  'affiliate_product.delete': deleted,
  'banner.create': created,
  'banner.update': edited,
  'banner.delete': deleted,
  'blog_ad.create': created,
  'blog_ad.update': edited,
  'blog_ad.delete': deleted,
  'blog_category.create': created,
  'blog_category.update': edited,
  'blog_category.delete': deleted,
  'blog_post.create': postCreate,
  'blog_post.update': postUpdate,
  'blog_post.delete': deleted,
  'blog_post.submit': (entry, options) => `Submitted ${thing(entry, options)} for review`,
  'blog_post.withdraw': (entry, options) =>
    entry.details?.returnedToAuthor === true ? `Returned ${thing(entry, options)} to its author` : `Withdrew ${thing(entry, options)} from review`,
  'blog_post.restore': restored,
  'blog_tag.create': created,
  'blog_tag.update': edited,
  'blog_tag.delete': deleted,
  'build_guid.create': created,
  'build_guid.update': edited,
  'build_guid.delete': deleted,
  'campaign.create': created,
  'campaign.update': edited,
  'campaign.restore': restored,
  'campaign.delete': deleted,
  'client.create': created,
  'client.update': edited,
  'client.delete': deleted,
  'faq.create': created,
  'faq.update': edited,
  'faq.delete': deleted,
  'faq.reorder': () => 'Reordered the FAQs',
  'help_config.update': () => 'Changed the help video',
  'help_config.delete': () => 'Removed the help video',
  'inbox_message.archive': (entry, options) => `Archived ${thing(entry, options)}`,
  'inbox_message.unarchive': (entry, options) => `Moved ${thing(entry, options)} back to the inbox`,
  'inbox_message.mark_read': (entry, options) => `Marked ${thing(entry, options)} as read`,
  'inbox_message.mark_unread': (entry, options) => `Marked ${thing(entry, options)} as unread`,
  'lead.confirmation_email': (entry, options) => `Sent the confirmation e-mail to ${who(entry, options)}`,
  'lead.download_email': (entry, options) => `Sent the download e-mail to ${who(entry, options)}`,
  'lead.delete': deleted,
  'lead.export': described('Exported leads as CSV'),
  'lead.resubscribe': (entry, options) => `Subscribed ${who(entry, options)} to e-mails again`,
  'lead.unsubscribe': (entry, options) => `Unsubscribed ${who(entry, options)} from e-mails`,
  'lead.retry_sync': (entry, options) => `Queued the ConvertKit sync of ${who(entry, options)} again`,
  'page.create': created,
  'page.update': edited,
  'page.restore': restored,
  'page.delete': deleted,
  'session.end': (entry, options) => `Signed out ${entry.entityName ? thing(entry, options) : 'a session'}`,
  'session.end_others': () => 'Signed out every other session',
  'staff_invitation.create': (entry, options) => `Invited ${who(entry, options)} to the staff`,
  'staff_invitation.accept': (entry, options) => `${who(entry, options)} accepted the staff invitation`,
  'staff_invitation.revoke': (entry, options) => `Revoked the staff invitation of ${who(entry, options)}`,
  'webhook_endpoint.create': created,
  'webhook_endpoint.update': edited,
  'webhook_endpoint.delete': deleted,
  'webhook_endpoint.rotate_secret': (entry, options) => `Rotated the signing secret of ${thing(entry, options)}`,
  'webhook_endpoint.replay': (entry, options) => `Replayed a delivery to ${thing(entry, options)}`,
  'webhook_endpoint.replay_failed': (entry, options) => {
    const replayed = typeof entry.details?.replayed === 'number' ? entry.details.replayed : null;
    const count = replayed === null ? 'the failed deliveries' : `${replayed} failed ${replayed === 1 ? 'delivery' : 'deliveries'}`;
    return `Replayed ${count} to ${thing(entry, options)}`;
  },
  'testimonial.create': created,
  'testimonial.update': edited,
  'testimonial.delete': deleted,
  'upload.create': (entry, options) => `Uploaded ${thing(entry, options)}`,
  'user.create': (entry, options) => `Added user ${who(entry, options)}`,
  'user.update': (entry, options) => `Edited user ${who(entry, options)}`,
  'user.delete': (entry, options) => `Deleted user ${who(entry, options)}`,
  'user.approve': (entry, options) => `Approved ${who(entry, options)}`,
  'user.unapprove': (entry, options) => `Withdrew the approval of ${who(entry, options)}`,
  'user.role_change': roleChange,
  'user.confirm_email': (entry, options) => `Confirmed the e-mail address of ${who(entry, options)}`,
  'user.sign_in': described('Signed in'),
  'user.sign_in_failed': described('Failed sign-ins'),
  'user.sign_in_unblock': (entry, options) => `Lifted the sign-in block of ${who(entry, options)}`,
  'user.signup': described('Signed up'),
  'user.password_change': described('Password changed'),
  'user.password_reset': described('Password reset with an e-mailed link'),
  'user.mfa_enable': described('Two-step sign-in turned on'),
  'user.mfa_disable': described('Two-step sign-in turned off'),
  'user.mfa_reset': described('Two-step sign-in reset by an admin'),
  'user.mfa_recovery_codes_regenerate': described('New recovery codes made'),
  'user.mfa_recovery_code_use': described('Signed in with a recovery code'),
  'user.passkey_add': described('Passkey added'),
  'user.passkey_rename': described('Passkey renamed'),
  'user.passkey_remove': described('Passkey removed'),
};

/** The entry's sentence; cut names unless `isWhole`. An unknown code reads "Banner: archive", never the code. */
export function actionSentence(entry: Entry, options: Options = {}): string {
  const sentence = ACTION_SENTENCES[entry.action];
  if (sentence) return sentence(entry, options);
  const verb = entry.action.slice(entry.action.indexOf('.') + 1).replaceAll('_', ' ');
  return `${entityLabel(entry.entity)}: ${verb} ${entry.entityName ? `(${options.isWhole ? entry.entityName : cutText(entry.entityName)})` : ''}`.trim();
}
