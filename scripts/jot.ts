// `npm run jot -- [options] "text"` (`npx tsx scripts/jot.ts …`): encrypts a jot exactly as the desktop app does and
// sends it, then prints the server's answer. A quick way to check a server, a build GUID or a proxy in between.
//
//   npx tsx scripts/jot.ts --url http://localhost:3000 --guid-name demo-build-2026 --guid-value <value> "Buy oat milk"
//
// Options: --url (default http://localhost:3000), --guid-name and --guid-value (the build GUID; or the env
// variables JOT_GUID_NAME / JOT_GUID_VALUE), --version v2|v1|legacy (default v2), --client-id, --app-version,
// --plugin, --window-title. Exit code 0 on 201, 1 otherwise.
import { parseArgs } from 'node:util';
import { encryptLegacy, encryptV2 } from '../src/shared/jot-crypto.ts';
import type { JotPlaintextInput } from '../src/shared/schemas/jot-plaintext.ts';

const USAGE =
  'Usage: npx tsx scripts/jot.ts [--url http://localhost:3000] --guid-name NAME --guid-value VALUE ' +
  '[--version v2|v1|legacy] [--client-id ID] [--app-version 1.5.0] [--plugin offline] [--window-title TITLE] "text"';

const ENDPOINTS = { v2: '/api/v2/jots', v1: '/api/v1/jots', legacy: '/jots' } as const;
type Version = keyof typeof ENDPOINTS;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.JOT_URL ?? 'http://localhost:3000' },
    'guid-name': { type: 'string', default: process.env.JOT_GUID_NAME },
    'guid-value': { type: 'string', default: process.env.JOT_GUID_VALUE },
    version: { type: 'string', default: 'v2' },
    'client-id': { type: 'string', default: 'jot-cli' },
    'app-version': { type: 'string', default: 'cli' },
    plugin: { type: 'string', default: 'cli' },
    'window-title': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const text = positionals.join(' ').trim();
const name = values['guid-name'];
const value = values['guid-value'];
const version = values.version as Version;
if (!text) fail('Give the jot text as the last argument.');
if (!name || !value) fail('Give the build GUID with --guid-name and --guid-value.');
if (!(version in ENDPOINTS)) fail(`--version must be v2, v1 or legacy, not ${values.version}.`);

const plaintext: JotPlaintextInput = {
  text,
  appName: 'JotApp',
  clientId: values['client-id'],
  appVersion: values['app-version'],
  plugin: values.plugin,
  ...(values['window-title'] ? { windowTitle: values['window-title'] } : {}),
};
const body =
  version === 'v2' ? { payload: encryptV2(plaintext, name, value) } : { payload: encryptLegacy(plaintext, value), buildGuidName: name };
const url = new URL(ENDPOINTS[version], values.url).toString();

let response: Response;
try {
  response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
} catch (error) {
  fail(`Could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
}
const answer = await response.text();
console.log(`POST ${url} → ${response.status}`);
console.log(answer);
if (response.status === 429) console.error(`Rate limited: retry after ${response.headers.get('retry-after')} s.`);
process.exit(response.status === 201 ? 0 : 1);
