/**
 * One audit vocabulary (issue 10 §5): every `writeAudit` action literal in src/server is `entity.verb`, snake_case,
 * with an entity from the shared list the audit screen filters by. Scans the source, so a new module that
 * invents an entity fails here before its entries become unfilterable.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES } from '../../../shared/schemas/audit.ts';

const SERVER = path.resolve(import.meta.dirname, '../..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `'entity.verb'` literals used as an audit action: `action: '…'`, and the branches of a computed action. */
const ACTION_LITERAL = /'([a-z_]+)\.([a-z_]+)'/g;

describe('audit vocabulary', () => {
  const files = sourceFiles(SERVER).filter((file) => readFileSync(file, 'utf8').includes('writeAudit('));

  it('finds the services that write audit entries', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it('every action literal next to writeAudit names an entity from AUDIT_ENTITIES, in snake_case', () => {
    const problems: string[] = [];
    let seen = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      // Only literals that are audit actions: in an `action:` property, a ternary branch, or an AuditAction array.
      const candidates = [...source.matchAll(/(?:action:\s*|\?\s*|:\s*|push\()\s*'([a-z_]+)\.([a-z_]+)'/g)];
      for (const [, entity, verb] of candidates) {
        seen += 1;
        if (!(AUDIT_ENTITIES as readonly string[]).includes(entity!)) problems.push(`${path.relative(SERVER, file)}: ${entity}.${verb}`);
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('the pattern would catch an unknown entity', () => {
    const sample = "await writeAudit(tx, context, { action: 'spaceship.launch' });";
    const [match] = [...sample.matchAll(ACTION_LITERAL)];
    expect(match?.[1]).toBe('spaceship');
    expect(AUDIT_ENTITIES as readonly string[]).not.toContain('spaceship');
  });
});
