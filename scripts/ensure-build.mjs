// Builds the web bundle when it is missing or older than its sources, so `npm start` and `npm test`
// work on a fresh clone without a separate build step, and skip the build when nothing changed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, process.env.JOTIT_BUILD_DIR ?? 'build', 'server/index.js');
const inputs = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
if (builtAt === 0 || changedAt > builtAt || process.argv.includes('--force')) {
  console.log(builtAt === 0 ? 'Building the web app…' : 'Sources changed: rebuilding the web app…');
  execSync('npx react-router build', { cwd: root, stdio: 'inherit' });
  execSync('node scripts/precompress.mjs', { cwd: root, stdio: 'inherit' });
}
