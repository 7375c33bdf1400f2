/** Helpers for the jot, build GUID and client API tests: keys, credentials and jots through the real HTTP API. */
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { buildApp } from '../../app.ts';
import { createMailer } from '../../jobs/mail.ts';
import { encryptLegacy, encryptV2 } from '../../../shared/jot-crypto.ts';
import type { JotPlaintextInput } from '../../../shared/schemas/jot-plaintext.ts';
import type { CreatedClient } from '../../../shared/schemas/clients.ts';

export type Headers = Record<string, string>;

export interface TestKey {
  id: number;
  name: string;
  value: string;
}

let keyCounter = 0;

export async function createKey(app: FastifyInstance, admin: Headers, name?: string): Promise<TestKey> {
  keyCounter += 1;
  const input = { name: name ?? `build-${keyCounter}-${Date.now()}`, value: `secret-value-${keyCounter}-${Math.random()}` };
  const response = await app.inject({ method: 'POST', url: '/api/build-guids', headers: admin, payload: input });
  expect(response.statusCode, response.body).toBe(201);
  return { ...input, id: response.json<{ id: number }>().id };
}

export async function createClient(app: FastifyInstance, admin: Headers, isAdmin = false): Promise<CreatedClient & { headers: Headers }> {
  const response = await app.inject({ method: 'POST', url: '/api/clients', headers: admin, payload: { isAdmin, name: 'test client' } });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<CreatedClient>();
  return { ...created, headers: { 'x-client-id': created.clientId, 'x-client-secret': created.secret } };
}

export const postJot = (app: FastifyInstance, url: string, body: unknown, headers: Headers = {}) =>
  app.inject({ method: 'POST', url, payload: body as InjectOptions['payload'], headers });

export async function sendV2(app: FastifyInstance, key: TestKey, plaintext: JotPlaintextInput, headers: Headers = {}) {
  const response = await postJot(app, '/api/v2/jots', { payload: encryptV2(plaintext, key.name, key.value) }, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; version: 'v2'; timestamp: string }>();
}

export async function sendLegacy(app: FastifyInstance, key: TestKey, plaintext: JotPlaintextInput, url = '/jots') {
  const response = await postJot(app, url, { payload: encryptLegacy(plaintext, key.value), buildGuidName: key.name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; message: string }>();
}

export async function jotCount(app: FastifyInstance): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/jots/count' });
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number }>().count;
}

/** Rows really in the table (not the in-memory counter). */
export async function rowCount(app: FastifyInstance): Promise<number> {
  const { rows } = await app.services.database.sql.query<{ n: number }>('select count(*)::int as n from jots');
  return rows[0]!.n;
}

export const body = <T>(response: LightMyRequestResponse) => response.json<T>();

/**
 * A second app instance on the same database (as behind a load balancer), to prove that what one instance
 * changes reaches the other.
 */
export async function startSecondInstance(testApp: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testApp.config,
    database: testApp.database,
    queue: testApp.queue,
    createMailer: (instance) =>
      createMailer({
        smtpUrl: undefined,
        from: testApp.config.mailFrom,
        outboxDir: path.join(testApp.config.dataDir, 'outbox-2'),
        queue: testApp.queue,
        logger: instance.log,
      }),
    ssr: false,
    logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  });
  await app.ready();
  return app;
}
