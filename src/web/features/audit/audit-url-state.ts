/**
 * The audit screen's filters and page in the URL (issue 26 §3: a reload, a shared link and Back/Forward keep them):
 * `?actor=ada&action=user.&entity=banner&from=2026-11-01&to=2026-11-27&page=2`, kept by the DataTable's URL state
 * (lib/table-url-state.ts). Values that are not what the API accepts are ignored.
 */
import { AUDIT_ENTITIES, type AuditEntity, type AuditLogQuery } from '../../../shared/schemas/audit';
import type { TableStateOptions } from '~/lib/table-url-state';

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_FILTERS = ['actor', 'action', 'entity', 'from', 'to'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];
export type AuditFilters = Partial<Record<AuditFilterName, string>>;

export const AUDIT_TABLE_OPTIONS: TableStateOptions = {
  pageSizes: [AUDIT_PAGE_SIZE],
  defaultPageSize: AUDIT_PAGE_SIZE,
  sortable: [],
  filters: AUDIT_FILTERS,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z_]+(\.[a-z_]*)?$/;

/** The filters of the URL the API accepts; the rest are dropped (a hand-edited or stale link). */
export function validAuditFilters(filters: Record<string, string>): AuditFilters {
  const valid: AuditFilters = {};
  if (filters.actor) valid.actor = filters.actor.slice(0, 254);
  const action = filters.action?.toLowerCase();
  if (action && ACTION.test(action)) valid.action = action;
  if (filters.entity && (AUDIT_ENTITIES as readonly string[]).includes(filters.entity)) valid.entity = filters.entity;
  if (filters.from && DAY.test(filters.from)) valid.from = filters.from;
  if (filters.to && DAY.test(filters.to)) valid.to = filters.to;
  return valid;
}

/** `2026-03-15` (a date input, the operator's day) → the ISO instant of its start or end. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The API query of the URL's state. A typed action without a verb (`user`) asks for the entity prefix (`user.`). */
export function auditQueryOf({ page, filters }: { page: number; filters: AuditFilters }): AuditLogQuery {
  const action = filters.action && !filters.action.includes('.') ? `${filters.action}.` : filters.action;
  return {
    actor: filters.actor,
    action,
    entity: filters.entity as AuditEntity | undefined,
    from: filters.from ? dayStart(filters.from) : undefined,
    to: filters.to ? dayEnd(filters.to) : undefined,
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  };
}
