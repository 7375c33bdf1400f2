/**
 * No query parameters in the logs (issue 8 §10): real failing queries on the test database, logged through the
 * app's real logger, must show the statement and the error code but never the secret they carried.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { buildGuids, leads } from '../db/schema.ts';

describe(`database errors in the logs on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const failure = (query: Promise<unknown>) => query.then(() => expect.unreachable('the query should fail'), (error: Error) => error);

  /** Logs the error as the error handler does, and returns the line written. */
  function logged(error: Error, message: string): Record<string, unknown> {
    testApp.app.log.error({ err: error }, message);
    const line = testApp.logs.find((entry) => entry.msg === message);
    expect(line).toBeDefined();
    return line!;
  }

  it('logs the statement and the code of a unique violation, never the values (a build GUID value)', async () => {
    const secret = `secret-key-${Date.now()}`;
    await db().insert(buildGuids).values({ name: secret, value: secret });
    const error = await failure(db().insert(buildGuids).values({ name: secret, value: secret }));
    // The error really carries the secret (in its params, its message, its detail): the serializer must drop it.
    expect(JSON.stringify({ ...error, message: error.message, cause: { ...(error.cause as object) } })).toContain(secret);

    const line = logged(error, 'unique violation');
    expect(JSON.stringify(line)).not.toContain(secret);
    expect(line.err).toMatchObject({ code: '23505', constraint: expect.stringContaining('name'), query: expect.stringContaining('insert into "build_guids"') });
  });

  it('drops a value quoted in the database message (a lead e-mail cast to a number)', async () => {
    const secret = `ada.lovelace.${Date.now()}@example.com`;
    const error = await failure(db().execute(sql`select ${secret}::int as n`));
    const line = logged(error, 'bad cast');
    expect(JSON.stringify(line)).not.toContain(secret);
    expect(line.err).toMatchObject({ code: '22P02', query: expect.stringContaining('::int') });
    expect(String((line.err as { stack: string }).stack)).toMatch(/^\s+at /);
  });

  it('drops personal data from a failed insert of a lead', async () => {
    const secret = `Grace-${Date.now()}`;
    // A second row for the same address: PostgreSQL's detail quotes the e-mail, the parameters hold the name too.
    await db().insert(leads).values({ email: `${secret}@example.com`, firstName: secret });
    const duplicate = await failure(db().insert(leads).values({ email: `${secret}@example.com`, firstName: secret }));
    expect(JSON.stringify(logged(duplicate, 'lead insert failed'))).not.toContain(secret);
    // Text the database refuses (a NUL character), with the name in the parameters.
    const refused = await failure(db().insert(leads).values({ email: `nul-${secret}@example.com`, firstName: `${secret}\u0000` }));
    expect(JSON.stringify(logged(refused, 'lead insert refused'))).not.toContain(secret);
  });

  it('still logs other errors in full', () => {
    const line = logged(new Error('the keyring is empty'), 'plain error');
    expect(line.err).toMatchObject({ type: 'Error', message: 'the keyring is empty', stack: expect.stringContaining('the keyring is empty') });
  });
});
