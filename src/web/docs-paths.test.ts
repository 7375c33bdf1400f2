/**
 * The docs name files as the code has them (issue 38): every repository path that docs/architecture.md,
 * CONTRIBUTING.md or the README name in backticks exists. A path is a backticked word that starts with one of the
 * repository's top-level folders (`src/server/app.ts`, `docs/decisions/`); a bare file name (`service.ts`), a glob, a
 * placeholder (`<name>`, `{slug}`, `NNNN`, `…`) or a URL path is not one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const DOCS = ['docs/architecture.md', 'CONTRIBUTING.md', 'README.md'];
const TOP = /^(src|tests|docs|scripts|bench|deploy|public|patches|\.ci)\//;

/** Where a doc names a path relative to itself (docs/architecture.md's `decisions/`), it is resolved from there too. */
function candidates(doc: string, name: string): string[] {
  return [path.join(root, name), path.join(root, path.dirname(doc), name)];
}

function namedPaths(doc: string): string[] {
  const text = readFileSync(path.join(root, doc), 'utf8');
  const names = new Set<string>();
  for (const [, inner] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const word of inner!.split(/\s+/)) {
      const name = word.replace(/[),;:]+$/, '').replace(/^\.\//, '');
      if (/[<>{}*…|]|\.\.\.|NNNN|^\/|:\/\//.test(name)) continue;
      if (TOP.test(name)) names.add(name.replace(/\/$/, ''));
    }
  }
  return [...names];
}

describe.each(DOCS)('%s', (doc) => {
  it('names only files and folders that exist', () => {
    const missing = namedPaths(doc).filter((name) => !candidates(doc, name).some((candidate) => existsSync(candidate)));
    expect(missing).toEqual([]);
  });
});
