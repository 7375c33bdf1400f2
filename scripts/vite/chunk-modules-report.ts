import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the client build's chunk report is written: beside build/client, never inside it (not served). */
export const chunkModulesFile = (buildDirectory: string) => path.join(buildDirectory, 'chunk-modules.json');

/**
 * Writes which source modules each client chunk holds (`{ "assets/home-….js": ["src/web/routes/home.tsx", …] }`),
 * so a test can tell what a page's `<link rel="modulepreload">` list brings to the browser (decision 0083).
 */
export function chunkModulesReport(buildDirectory: string): Plugin {
  const root = process.cwd();
  return {
    name: 'jotit:chunk-modules-report',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith('\0'))
          .map((id) => path.relative(root, id.split('?')[0]!).split(path.sep).join('/'))
          .filter((id, index, ids) => ids.indexOf(id) === index);
      }
      mkdirSync(buildDirectory, { recursive: true });
      writeFileSync(chunkModulesFile(buildDirectory), `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}
