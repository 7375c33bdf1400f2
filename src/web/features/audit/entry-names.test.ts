import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../shared/schemas/audit';
import { AUDIT_TABLE_OPTIONS, auditQueryOf, validAuditFilters } from './audit-url-state';
import { readTableState, writeTableState } from '~/lib/table-url-state';
import { actorText, changeRows, entityText } from './entry-names';

const actor = (fields: Partial<AuditLogEntry>) =>
  actorText({ actorKind: 'user', actorEmail: null, actorClientId: null, actorCountry: null, isRollup: false, details: null, ...fields });

describe('audit entries named in words', () => {
  it('names visitors as visitors, with their country, and a deleted user as deleted', () => {
    expect(actor({ actorKind: 'anonymous', actorCountry: 'DE' })).toBe('Visitor from Germany');
    expect(actor({ actorKind: 'anonymous' })).toBe('Visitor');
    expect(actor({ actorKind: 'anonymous', isRollup: true, details: { countries: { US: 2, DE: 480, FR: 1 } } })).toBe(
      'Visitors from Germany, United States and 1 more',
    );
    expect(actor({ actorEmail: 'ada@example.com' })).toBe('ada@example.com');
    expect(actor({ actorKind: 'client', actorClientId: 'abc' })).toBe('API client abc');
    expect(actor({ actorKind: 'user' })).toBe('Deleted user');
  });

  it('names entities by their name, an e-mail without quotes, and by id when no name is known', () => {
    expect(entityText({ entity: 'blog_post', entityId: 'uuid', entityName: 'Hello' })).toBe('Post “Hello”');
    expect(entityText({ entity: 'user', entityId: '2', entityName: 'ada@example.com' })).toBe('User ada@example.com');
    expect(entityText({ entity: 'banner', entityId: '7', entityName: null })).toBe('Banner #7');
    expect(entityText({ entity: 'inbox_message', entityId: 'contact:3', entityName: null })).toBe('Contact message #3');
    expect(entityText({ entity: 'help_config', entityId: null, entityName: null })).toBe('Help video');
  });

  it('reads the before/after of an update, hidden values, older user updates and older field lists', () => {
    expect(changeRows({ fields: ['title'], changes: { title: { from: 'Hello', to: 'Hello again' }, passwordHash: { hidden: true }, isPublished: { from: true, to: false } } })).toEqual([
      { field: 'Title', from: 'Hello', to: 'Hello again' },
      { field: 'Password hash', from: null, to: null, note: 'Changed (value not recorded)' },
      { field: 'Is published', from: 'Yes', to: 'No' },
    ]);
    expect(changeRows({ email: { from: 'a@example.com', to: 'b@example.com' }, password: 'changed' })).toEqual([
      { field: 'Email', from: 'a@example.com', to: 'b@example.com' },
    ]);
    expect(changeRows({ fields: ['meta_description'] })).toEqual([
      { field: 'Meta description', from: null, to: null, note: 'Changed (this older entry kept no values)' },
    ]);
  });
});

describe('audit filters in the URL', () => {
  it('reads what the API accepts and drops the rest', () => {
    const { page, filters } = readTableState(new URLSearchParams('actor=ada&action=USER&entity=spaceship&from=2026-11-01&to=yesterday&page=2'), AUDIT_TABLE_OPTIONS);
    expect({ page, filters: validAuditFilters(filters) }).toEqual({
      page: 2,
      filters: { actor: 'ada', action: 'user', from: '2026-11-01' },
    });
  });

  it('a filter change starts at page 1 and keeps other parameters; an empty filter leaves the URL', () => {
    // What the screen's DataTable writes (useDataTableState: setFilters drops an empty filter, then writeTableState).
    const write = (params: URLSearchParams, change: Parameters<typeof writeTableState>[2]) =>
      writeTableState(params, readTableState(params, AUDIT_TABLE_OPTIONS), change, AUDIT_TABLE_OPTIONS);
    const next = write(new URLSearchParams('actor=ada&page=3&other=1'), { filters: { entity: 'banner' } });
    expect(next.toString()).toBe('other=1&entity=banner');
    expect(write(next, { page: 2 }).toString()).toBe('other=1&page=2&entity=banner');
  });

  it('asks the API for an entity prefix when the action has no verb yet, and for whole days', () => {
    const query = auditQueryOf({ page: 2, filters: { action: 'user', from: '2026-11-01' } });
    expect(query).toMatchObject({ action: 'user.', limit: 50, offset: 50 });
    expect(new Date(query.from!).getDate()).toBe(1);
  });
});
