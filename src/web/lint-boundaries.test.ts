/**
 * The import boundaries of CONTRIBUTING.md are enforced by `npm run lint` (eslint.config.js): each zone below is broken
 * on purpose in a snippet linted as if it lived at `filePath`, and the rule must fire; the allowed form of the
 * same import must not.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
// Loading the config, the TypeScript resolver and parsers takes a while on a busy machine: once, here.
beforeAll(async () => {
  eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
  await eslint.lintText('export const warmUp = 1;\n', { filePath: 'src/web/lib/x.ts' });
}, 120_000);

async function ruleHits(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .map((message) => message.ruleId ?? message.message)
    .filter((rule) => rule.startsWith('import-x/'));
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('lint-enforced import boundaries', () => {
  it.each([
    [
      'shared imports nothing of ours (server)',
      'src/shared/x.ts',
      "import * as config from '../server/config';\nexport const y = config;\n",
    ],
    [
      'shared imports nothing of ours (web)',
      'src/shared/x.ts',
      "import { cn } from '../web/lib/utils';\nexport const y = cn;\n",
    ],
    [
      'web never imports server',
      'src/web/lib/x.ts',
      "import * as config from '../../server/config';\nexport const y = config;\n",
    ],
    ['server never imports web', 'src/server/x.ts', "import { cn } from '../web/lib/utils';\nexport const y = cn;\n"],
    [
      'components never import features',
      'src/web/components/x.tsx',
      "import { SignInForm } from '~/features/accounts';\nexport const y = SignInForm;\n",
    ],
    [
      'a feature never imports another feature',
      'src/web/features/jots/x.ts',
      "import { useBuildGuids } from '~/features/build-guids';\nexport const y = useBuildGuids;\n",
    ],
    [
      'a feature never imports a route',
      'src/web/features/jots/x.ts',
      "import Home from '~/routes/home';\nexport const y = Home;\n",
    ],
    [
      'routes import a feature through its index only',
      'src/web/routes/x.tsx',
      "import { PostCard } from '~/features/blog/components/post-card';\nexport const y = PostCard;\n",
    ],
    [
      'product code never imports tests',
      'src/web/lib/x.ts',
      "import { E2E_ADMIN } from '../../../tests/e2e/server';\nexport const y = E2E_ADMIN;\n",
    ],
    ['product code never imports vitest', 'src/server/x.ts', "import { vi } from 'vitest';\nexport const y = vi;\n"],
  ])('fails lint when %s', { timeout: 60_000 }, async (_zone, filePath, code) => {
    expect(await ruleHits(filePath, code)).toContain(RESTRICTED);
  });

  it.each([
    [
      'a route imports a feature through its index',
      'src/web/routes/x.tsx',
      "import { PostCard } from '~/features/blog';\nexport const y = PostCard;\n",
    ],
    [
      'a feature imports its own folders',
      'src/web/features/blog/x.ts',
      "import { PostCard } from './components/post-card';\nexport const y = PostCard;\n",
    ],
    [
      'web and server import shared',
      'src/web/lib/x.ts',
      "import { PRODUCT_NAME } from '../../shared/brand';\nexport const y = PRODUCT_NAME;\n",
    ],
    [
      'a test file imports vitest and tests/fixtures',
      'src/server/x.test.ts',
      "import { it } from 'vitest';\nimport { createTestApp } from '../../tests/fixtures/test-app';\nit('runs', () => void createTestApp);\n",
    ],
  ])('passes lint when %s', { timeout: 60_000 }, async (_case, filePath, code) => {
    expect(await ruleHits(filePath, code)).not.toContain(RESTRICTED);
  });

  it('fails lint on an import cycle', { timeout: 60_000 }, async () => {
    // button.tsx imports lib/utils.ts: utils importing button back closes a cycle.
    const code = "import { Button } from '~/components/ui/button';\nexport const y = Button;\n";
    expect(await ruleHits('src/web/lib/utils.ts', code)).toContain('import-x/no-cycle');
  });
});
