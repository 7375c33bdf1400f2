// Builds the web bundle when it is missing or older than its sources, so `npm start` and `npm test`
// work on a fresh clone without a separate build step, and skip the build when nothing changed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, process.env.JOTIT_BUILD_DIR ?? 'build', 'server/index.js');
const inputs = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'scripts/vite', 'react-router.config.ts', 'package-lock.json'];

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
  // Always the production build, whoever calls (a test runner's NODE_ENV=test would make Vite build React's
  // development bundle, whose hydration warnings the pages would then print).
  execSync('npx react-router build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  execSync('node scripts/precompress.mjs', { cwd: root, stdio: 'inherit' });
}

// The server as `npm start` runs it (plain node on dist/server/main.js; decision 0014): rebuilt when missing or
// older than the server's sources (a fraction of a second).
const serverOutput = path.join(root, 'dist/server/main.js');
const serverBuiltAt = existsSync(serverOutput) ? statSync(serverOutput).mtimeMs : 0;
const serverChangedAt = Math.max(...['src/server', 'src/shared', 'package-lock.json'].map((input) => newestMtime(path.join(root, input))));
if (serverBuiltAt === 0 || serverChangedAt > serverBuiltAt || process.argv.includes('--force')) {
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });
}
