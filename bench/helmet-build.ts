/**
 * What a request pays for its security headers (decision 0062): helmet's middleware built once at start-up, as
 * `plugins/security.ts` does, against built on every request, as `@fastify/helmet` 13.2.0 does: the plugin's own
 * options (`helmetOptions`), a response that only records headers, so the figure is helmet's own work.
 * `npx tsx bench/helmet-build.ts` prints the median of five rounds for each, in nanoseconds per request.
 */
import helmet from 'helmet';
import { helmetOptions } from '../src/server/plugins/security.ts';

const options = helmetOptions(false);

type Middleware = ReturnType<typeof helmet>;
const request = {} as Parameters<Middleware>[0];
const response = { scriptNonce: 'bm9uY2U=', setHeader() {}, removeHeader() {} } as unknown as Parameters<Middleware>[1];
const next = () => {};

function medianNanoseconds(run: () => void, perRound: number): number {
  for (let i = 0; i < perRound / 4; i += 1) run();
  const rounds: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i += 1) run();
    rounds.push(Number(process.hrtime.bigint() - start) / perRound);
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

const builtOnce = helmet(options);
const once = medianNanoseconds(() => builtOnce(request, response, next), 200_000);
const perRequest = medianNanoseconds(() => helmet(options)(request, response, next), 50_000);
process.stdout.write(
  `helmet built once: ${once.toFixed(0)} ns/request\nhelmet built per request (@fastify/helmet 13.2.0): ${perRequest.toFixed(0)} ns/request (${(perRequest / once).toFixed(1)}×)\n`,
);
