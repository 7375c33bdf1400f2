/**
 * `npm start` as a person runs it (issue 28 §5): everything it prints up to "JotIt is running" — the prestart build
 * check, Node, React Router, Vite, the app's own log — holds no warning and no deprecation. A warning on every start
 * teaches people to ignore warnings.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, projectRoot, startNodeFlags } from '../fixtures/app-process.ts';

const READY_LINE = 'JotIt is running';
/** pino's level number for `warn` (higher: error, fatal). */
const PINO_WARN = 40;

/** Whether a printed line is a warning: the words, or a JSON log line at warn level or above. */
function isWarning(line: string): boolean {
  if (/warn|deprecat/i.test(line)) return true;
  if (!line.startsWith('{')) return false;
  try {
    return Number((JSON.parse(line) as { level?: unknown }).level) >= PINO_WARN;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    // npm and the server it started: the whole group this test created.
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  });

  it('prints no warning or deprecation before "JotIt is running"', async () => {
    const port = await freePort();
    const output: string[] = [];
    // The npm beside the node running the tests (Node 24 in CI, whatever runs the tests elsewhere).
    const binaries = path.dirname(process.execPath);
    // A person's shell: not the test runner's NODE_ENV=test and VITEST* variables.
    const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
    child = spawn('npm', ['start'], {
      cwd: projectRoot,
      detached: true,
      env: {
        ...shell,
        PATH: `${binaries}${path.delimiter}${process.env.PATH ?? ''}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jotit-start-')),
        DATABASE_URL: '',
        REDIS_URL: '',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        JWT_SECRET: 'start-up-test-secret-that-is-long-enough-for-hs256',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.join('').includes(READY_LINE)) resolve();
      };
      child!.stdout!.on('data', collect);
      child!.stderr!.on('data', collect);
      child!.once('exit', (code) => reject(new Error(`npm start exited (${code}) before "${READY_LINE}":\n${output.join('')}`)));
    });
    // A stale build is rebuilt by prestart first (scripts/ensure-build.mjs): that output counts too.
    await ready;
    const printed = output.join('');
    const beforeReady = printed.slice(0, printed.indexOf(READY_LINE)).split('\n');
    expect(beforeReady.filter(isWarning), printed).toEqual([]);
  }, 300_000);

  it('says first when Node is older than the README asks for', async () => {
    // The built server as `npm start` runs it (the test above built it through prestart), on a Node that reports
    // itself as 20: an invalid PORT makes it stop right after its first lines, so this costs a fraction of a second.
    const olderNode = "data:text/javascript,Object.defineProperty(process,'version',{value:'v20.20.2'})";
    const run = promisify(execFile);
    const failed = await run(process.execPath, [...startNodeFlags(), '--import', olderNode, 'dist/server/main.js'], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production', PORT: 'not-a-port' },
    }).then(
      () => undefined,
      (error: unknown) => error as { stderr: string; code: number },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.split('\n')[0]).toBe(
      'Warning: JotIt needs Node.js 22.13 or later (24 LTS recommended); this is v20.20.2. It may run many times slower or fail.',
    );
  });

  it("maps the server's own stack frames to its sources, and keeps no package's source map (decision 0060)", async () => {
    const run = promisify(execFile);
    // What `npm start`'s flags turn on: source maps for our code only (a package's map was ~20 MB of idle heap).
    const support = await run(process.execPath, [...startNodeFlags(), '--input-type=module', '-e', "import m from 'node:module'; console.log(JSON.stringify(m.getSourceMapsSupport()))"], {
      cwd: projectRoot,
    });
    expect(JSON.parse(support.stdout)).toMatchObject({ enabled: true, nodeModules: false });
    // The built server given a database that refuses it: its error's stack names the TypeScript file it came from.
    const failed = await run(process.execPath, [...startNodeFlags(), 'dist/server/main.js'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jotit-maps-')),
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        JWT_SECRET: 'source-map-test-secret-that-is-long-enough-for-hs256',
      },
    }).then(
      (result) => result,
      (error: unknown) => error as { stdout: string; stderr: string },
    );
    expect(`${failed.stdout}${failed.stderr}`).toMatch(/src\/server\/db\/client\.ts:\d+/);
  });
});
