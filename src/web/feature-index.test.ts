/**
 * The browser build declares every feature's index.ts free of side effects (scripts/vite/feature-barrels.ts, decision
 * 0083), so a page gets only what it imports through one. That holds only while an index re-exports and does nothing
 * else: a statement that runs (a lazy component made there, a call) belongs in a file of its own, re-exported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FEATURES = path.join(import.meta.dirname, 'features');

/** The statements of a file that are neither a re-export (`export … from`) nor a type. */
function statementsThatRun(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter((statement) => {
      if (ts.isExportDeclaration(statement)) return !statement.moduleSpecifier;
      if (ts.isImportDeclaration(statement)) return !statement.importClause?.isTypeOnly;
      return !ts.isTypeAliasDeclaration(statement) && !ts.isInterfaceDeclaration(statement);
    })
    .map((statement) => statement.getText(source).split('\n')[0]!);
}

describe("a feature's index.ts", () => {
  const indexes = readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(FEATURES, entry.name, 'index.ts'));

  it.each(indexes.map((file) => [path.relative(FEATURES, file), file]))('%s only re-exports', (_name, file) => {
    expect(statementsThatRun(file)).toEqual([]);
  });

  it('tells a statement that runs from a re-export', () => {
    const probe = path.join(import.meta.dirname, 'features', 'marketing', 'forms.ts');
    expect(statementsThatRun(probe).length).toBeGreaterThan(0);
  });
});
