/**
 * The permission matrix (issue 36, decision 0050), walked from the OpenAPI document: every operation that states who
 * may call it (`x-roles`) is called as anonymous, each role, an admin API client and a plain API client, and answers
 * exactly what the table says — 401 for nobody, 403 for a caller outside `x-roles`, and past the check (any other
 * status) for a caller inside. Which permission guards which operation is held in a file snapshot, so removing or
 * loosening one route's check fails here even though the document would follow the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestStaff } from '../../../tests/fixtures/users.ts';
import { ROLES, type Principal } from '../../shared/permissions.ts';
import { apiClients } from '../db/schema.ts';
import { generateToken, hashSecret } from '../lib/secrets.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  operationId: string;
  permission?: string;
  roles?: Principal[];
  /** A public operation with a staff variant the handler checks (every FAQ rather than the published ones). */
  staffPermission?: string;
  /** Any signed-in person's own operation (`requireUser`): every role, no API client. */
  signedIn?: boolean;
}

describe(`the permission matrix on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  const callers = new Map<Principal | 'anonymous', Record<string, string>>();
  let operations: Operation[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
    const { app } = testApp;
    callers.set('anonymous', {});
    for (const role of ROLES) callers.set(role, (await createTestStaff(app, role)).headers);
    for (const [principal, isAdmin] of [['adminClient', true], ['client', false]] as const) {
      const clientId = `matrix-${principal}-${Date.now()}`;
      const secret = generateToken();
      await app.services.database.db.insert(apiClients).values({ clientId, secretHash: hashSecret(secret), isAdmin, name: principal });
      callers.set(principal, isAdmin ? { 'x-admin-client-id': clientId, 'x-admin-client-secret': secret } : { 'x-client-id': clientId, 'x-client-secret': secret });
    }
    const document = app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; 'x-permission'?: string; 'x-roles'?: Principal[]; 'x-staff-permission'?: string; 'x-signed-in'?: boolean }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        operationId: operation.operationId,
        permission: operation['x-permission'],
        roles: operation['x-roles'],
        staffPermission: operation['x-staff-permission'],
        signedIn: operation['x-signed-in'],
      })),
    );
  }, 180_000);
  afterAll(() => testApp?.close());

  /** A path parameter nobody has (a missing record answers 404 past the check), and an empty body. */
  const call = (operation: Operation, headers: Record<string, string>) =>
    testApp.app.inject({
      method: operation.method,
      url: operation.path.replace(/\{[^}]+\}/g, '999999'),
      headers,
      ...(['POST', 'PUT', 'PATCH'].includes(operation.method) ? { payload: {} } : {}),
    });
  // The live streams never end; their refusals are still checked (they answer before streaming).
  const isStream = (operation: Operation) => operation.path.endsWith('/stream');

  it('names a permission for every staff operation, and the same ones as last reviewed', async () => {
    const guarded = Object.fromEntries(
      operations
        .filter((operation) => operation.permission ?? operation.staffPermission ?? operation.signedIn)
        .map((operation) => [
          `${operation.method} ${operation.path}`,
          operation.permission ?? (operation.staffPermission ? `${operation.staffPermission} (staff variant)` : 'any signed-in user'),
        ])
        .sort(([a], [b]) => a!.localeCompare(b!)),
    );
    expect(Object.keys(guarded).length).toBeGreaterThanOrEqual(60);
    // Changing a route's permission is a reviewed change: update this file with it (`vitest -u`).
    await expect(JSON.stringify(guarded, null, 2) + '\n').toMatchFileSnapshot('./permission-matrix.operations.json');
  });

  it('answers every guarded operation as the table says, for every caller', async () => {
    const wrong: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.roles)) {
      for (const [caller, headers] of callers) {
        const allowed = caller !== 'anonymous' && operation.roles!.includes(caller);
        if (allowed && isStream(operation)) continue;
        const status = (await call(operation, headers)).statusCode;
        const expected = caller === 'anonymous' ? 401 : allowed ? 'past the check' : 403;
        const ok = expected === 'past the check' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok) wrong.push(`${operation.method} ${operation.path} as ${caller}: ${status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answers every signed-in person\'s own operation for every role, and 401 for nobody and for API clients', async () => {
    const wrong: string[] = [];
    const signedIn = operations.filter((candidate) => candidate.signedIn && !isStream(candidate));
    expect(signedIn.map((operation) => `${operation.method} ${operation.path}`)).toContain('POST /api/auth/password');
    const people = new Map<string, { id: number; tokenVersion: number }>();
    for (const role of ROLES) {
      const staff = await createTestStaff(testApp.app, role);
      people.set(role, { id: staff.id, tokenVersion: 0 });
    }
    for (const operation of signedIn) {
      for (const [caller, headers] of callers) {
        // A fresh session per call: signing out (or ending sessions) must not sign the next call out.
        const person = people.get(caller);
        const asCaller = person ? { authorization: `Bearer ${await testApp.app.signUserToken(person)}` } : headers;
        const status = (await call(operation, asCaller)).statusCode;
        const ok = person ? status !== 401 && status !== 403 && status < 500 : status === 401;
        if (!ok) wrong.push(`${operation.method} ${operation.path} as ${caller}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('has no other operation that refuses a signed-in user: every staff check is in the table', async () => {
    const undocumented: string[] = [];
    for (const operation of operations.filter((candidate) => !candidate.roles && !candidate.staffPermission && !isStream(candidate))) {
      const asUser = (await call(operation, callers.get('user')!)).statusCode;
      if (asUser === 403) undocumented.push(`${operation.method} ${operation.path}`);
    }
    expect(undocumented).toEqual([]);
  }, 120_000);
});
