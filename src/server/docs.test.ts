/**
 * The docs name real files (issue 38): every file path the reference docs put in code quotes exists in the
 * repository — a path from the root (`src/…`, `tests/…`), or one relative to a source root (`lib/page-cache.ts`,
 * `modules/users/service.ts`, `features/blog/…`), as the docs write them. A rename that leaves a doc behind fails here.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'docs/api.md', 'docs/deploy.md'];

/** Where a path that does not start at the root may start: the docs write `lib/…` for src/server/lib and so on. */
const SOURCE_ROOTS = ['', 'src/', 'src/server/', 'src/server/modules/', 'src/web/', 'src/shared/', 'tests/'];

/** Quoted names that are not files of this repository, each with why. */
const NOT_OURS = new Set([
  'features/discussions/api/get-discussions.ts', // bulletproof-react's layout, quoted as a model (CONTRIBUTING)
  'send-jot.mjs', // the file a reader saves the api.md example as
  '/docs/openapi.json', // a URL the server answers, built at start-up
  'docs/decisions/NNNN-kebab-title.md', // the naming pattern of a new decision
]);

const ROOT_FOLDERS = /^(?:src|tests|docs|scripts|bench|\.ci|public)\//;
const FILE_NAME = /\.(?:ts|tsx|mjs|js|json|md|sql|css|yml|yaml)$/;

/** Every path in code quotes of a document: from the root, or any name with a file extension. */
function quotedPaths(text: string): string[] {
  const paths: string[] = [];
  for (const [, quoted] of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = quoted!.replace(/[.,:;)]+$/, '').replace(/^~\//, 'src/web/');
    if (candidate.includes('…') || candidate.includes('<') || /^[a-z]+:/.test(candidate)) continue;
    if (ROOT_FOLDERS.test(candidate) || (candidate.includes('/') && FILE_NAME.test(candidate))) paths.push(candidate);
  }
  return paths;
}

function exists(candidate: string): boolean {
  const stripped = candidate.replace(/^\//, '');
  return SOURCE_ROOTS.some((base) => {
    const full = base + stripped;
    return /[*{]/.test(full) ? globSync(full, { cwd: root }).length > 0 : existsSync(path.join(root, full));
  });
}

describe('the docs', () => {
  for (const doc of DOCS) {
    it(`${doc} names only files that exist`, () => {
      const missing = quotedPaths(readFileSync(path.join(root, doc), 'utf8')).filter(
        (candidate) => !NOT_OURS.has(candidate) && !exists(candidate),
      );
      expect(missing, `${doc} names files that are not in the repository`).toEqual([]);
    });
  }

  it('finds the paths it checks (a doc quoting no file would prove nothing)', () => {
    const architecture = quotedPaths(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    expect(architecture.length).toBeGreaterThan(20);
    expect(quotedPaths('see `src/server/no-such-file.ts` and `lib/none.ts`').filter((p) => !exists(p))).toEqual([
      'src/server/no-such-file.ts',
      'lib/none.ts',
    ]);
  });
});
