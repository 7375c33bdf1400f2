/**
 * The OpenAPI document exactly as the server serves it at /docs/openapi.json, built on a throw-away PGlite database
 * (no server to start, nothing committed that could go stale).
 *
 *   tsx scripts/openapi.ts lint          Redocly CLI, recommended rules, warnings fail (redocly.yaml); part of `npm run lint`
 *   tsx scripts/openapi.ts write <file>  writes the document (to generate a client: npx openapi-typescript <file>)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp } from '../tests/fixtures/test-app.ts';

const [command, target] = process.argv.slice(2);
if (command !== 'lint' && !(command === 'write' && target)) {
  process.stderr.write('usage: tsx scripts/openapi.ts lint | write <file>\n');
  process.exit(2);
}

const testApp = await createTestApp({ LOG_LEVEL: 'warn' });
const document = (await testApp.app.inject({ method: 'GET', url: '/docs/openapi.json' })).body;
await testApp.close();

if (command === 'write') {
  writeFileSync(target!, document);
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'jotit-openapi-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, document);
  const root = path.resolve(import.meta.dirname, '..');
  const result = spawnSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'], {
    stdio: 'inherit',
    // Redocly's end-of-life banner for Node 20 is not a finding.
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
  });
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = result.status ?? 1;
}
