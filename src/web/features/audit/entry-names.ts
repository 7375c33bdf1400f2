/**
 * Who and what an audit entry is about, in words (issue 26 §3): "Visitor from Germany" rather than "Deleted user",
 * "Post “Hello”" and "User ada@example.com" rather than "User #2", and the before/after of an update as rows.
 */
import type { AuditEntity, AuditLogEntry } from '../../../shared/schemas/audit';

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'User',
  banner: 'Banner',
  faq: 'FAQ',
  build_guid: 'Build GUID',
  client: 'API client',
  help_config: 'Help video',
  lead: 'Lead',
  inbox_message: 'Inbox message',
  blog_post: 'Post',
  blog_category: 'Blog category',
  blog_tag: 'Blog tag',
  blog_ad: 'Blog ad',
  upload: 'Upload',
  campaign: 'Campaign',
  affiliate_product: 'Affiliate product',
  testimonial: 'Testimonial',
  page: 'Page',
  session: 'Session',
  staff_invitation: 'Staff invitation',
  webhook_endpoint: 'Webhook endpoint',
};

export const entityLabel = (entity: string) => ENTITY_LABELS[entity as AuditEntity] ?? entity;

/** Entities named by an e-mail address, which reads best without quotes. */
const NAMED_BY_EMAIL = new Set(['user', 'lead', 'staff_invitation']);

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** `DE` → `Germany`; an unknown code is shown as it is. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The five most frequent countries of a roll-up's `{ DE: 480, US: 20 }`. */
function topCountries(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .sort((a, b) => b[1] - a[1])
    .map(([code]) => countryName(code));
}

type ActorFields = Pick<AuditLogEntry, 'actorKind' | 'actorEmail' | 'actorClientId' | 'actorCountry' | 'isRollup' | 'details'>;

/** Who acted: an e-mail, an API client, a visitor (with the country when known), or a user since deleted. */
export function actorText(entry: ActorFields): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.isRollup) {
    const countries = topCountries(entry.details?.countries);
    if (countries.length === 0) return 'Visitors';
    const more = countries.length > 2 ? ` and ${countries.length - 2} more` : '';
    return `Visitors from ${countries.slice(0, 2).join(', ')}${more}`;
  }
  if (entry.actorKind === 'anonymous') return entry.actorCountry ? `Visitor from ${countryName(entry.actorCountry)}` : 'Visitor';
  if (entry.actorKind === 'client' || entry.actorClientId) return `API client ${entry.actorClientId ?? ''}`.trim();
  return 'Deleted user';
}

type EntityFields = Pick<AuditLogEntry, 'entity' | 'entityId' | 'entityName'>;

/** `Post “Hello”`, `User ada@example.com`, `Banner #7` when no name is known, `Help video`. */
export function entityText(entry: EntityFields): string {
  const label = entityLabel(entry.entity);
  if (entry.entity === 'inbox_message' && entry.entityId) {
    const [kind, id] = entry.entityId.split(':');
    return `${kind === 'contact' ? 'Contact message' : 'Feedback'} #${id ?? entry.entityId}`;
  }
  if (entry.entityName) return NAMED_BY_EMAIL.has(entry.entity) ? `${label} ${entry.entityName}` : `${label} “${entry.entityName}”`;
  if (entry.entityId) return `${label} ${entry.entity === 'upload' ? entry.entityId : `#${entry.entityId}`}`;
  return label;
}

export interface ChangeRow {
  field: string;
  /** null when the value was not recorded (a secret, or an older entry that kept field names only). */
  from: string | null;
  to: string | null;
  note?: string;
}

/** `isPublished` / `is_published` → `Is published`. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  Boolean(value) && typeof value === 'object' && 'from' in (value as object) && 'to' in (value as object);

/**
 * The before/after of an update: `details.changes` (since issue 26), the `{ from, to }` fields older user updates
 * kept, or only the names of the fields older updates kept.
 */
export function changeRows(details: Record<string, unknown> | null): ChangeRow[] {
  if (!details) return [];
  const changes = details.changes;
  if (changes && typeof changes === 'object') {
    return Object.entries(changes as Record<string, unknown>).map(([field, change]) =>
      isFromTo(change)
        ? { field: fieldLabel(field), from: valueText(change.from), to: valueText(change.to) }
        : { field: fieldLabel(field), from: null, to: null, note: 'Changed (value not recorded)' },
    );
  }
  const legacy = Object.entries(details).filter(([, value]) => isFromTo(value));
  if (legacy.length > 0) {
    return legacy.map(([field, value]) => {
      const change = value as { from: unknown; to: unknown };
      return { field: fieldLabel(field), from: valueText(change.from), to: valueText(change.to) };
    });
  }
  if (Array.isArray(details.fields)) {
    return details.fields
      .filter((field): field is string => typeof field === 'string')
      .map((field) => ({ field: fieldLabel(field), from: null, to: null, note: 'Changed (this older entry kept no values)' }));
  }
  return [];
}

/** What else the entry recorded, as label/value pairs (the changes and roll-up counters are shown elsewhere). */
export function otherDetails(details: Record<string, unknown> | null): Array<{ label: string; value: string }> {
  if (!details) return [];
  const shown = new Set(['changes', 'fields', 'emailHash', 'emailHashes', 'reasons', 'countries', 'hour', 'count']);
  return Object.entries(details)
    .filter(([key, value]) => !shown.has(key) && !isFromTo(value) && value !== undefined)
    .map(([key, value]) => ({
      label: fieldLabel(key),
      value: typeof value === 'object' && value !== null ? JSON.stringify(value).slice(0, 200) : valueText(value),
    }));
}
