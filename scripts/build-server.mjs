// Builds the server (src/server/main.ts) into one JavaScript file, dist/server/main.js, that `npm start` runs
// with plain node: no TypeScript loader resident at run time (decision 0014: tsx held ~100 MB of RSS).
// Packages stay in node_modules (external). Paths that sources compute from their own location
// (`import.meta.url`, `import.meta.dirname`: migrations, docs/api.md, the project root) keep pointing at the
// source file's place, relative to the output, so the result works wherever the checkout is.
// Usage: node scripts/build-server.mjs [entry.ts out.js]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Rewrites `import.meta.url` / `import.meta.dirname` in our sources to the source file's own location. */
function sourceLocation(outfile) {
  return {
    name: 'source-location',
    setup(builder) {
      builder.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        let contents = await readFile(args.path, 'utf8');
        if (contents.includes('import.meta.url') || contents.includes('import.meta.dirname')) {
          const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
          const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
          contents = contents
            .replaceAll('import.meta.url', url)
            .replaceAll('import.meta.dirname', `decodeURIComponent(new URL('.', ${url}).pathname).replace(/\\/$/, '')`);
        }
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

export async function buildServer(entry = 'src/server/main.ts', out = 'dist/server/main.js') {
  const outfile = path.resolve(root, out);
  await build({
    entryPoints: [path.resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces need the mappings, not the sources: the map the server keeps in memory is a third of the size.
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [sourceLocation(outfile)],
  });
  return outfile;
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  const [entry, out] = process.argv.slice(2);
  await buildServer(entry, out);
}
