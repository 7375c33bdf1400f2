/**
 * Staff invitations (issue 36 §4; decision 0056), through HTTP: invite → mail → accept → signed in with the role;
 * the link single-use, expiring and revocable; who may invite whom; the role-change and removal mails; hostile
 * text in the accept body never a 5xx.
 */
import { and, eq, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaff, createTestStaffs, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { Role } from '../../../shared/permissions.ts';
import {
  ACCOUNT_EXISTS_MESSAGE,
  INVITATION_LINK_EXPIRED_MESSAGE,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_LINK_USED_MESSAGE,
  type StaffInvitation,
  type StaffInvitationList,
} from '../../../shared/schemas/staff-invitations.ts';
import { auditLog, sessions, staffInvitations, users } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { roleChangedSubject, STAFF_REMOVED_SUBJECT } from '../mail/staff-change-emails.ts';
import { staffInvitationSubject } from '../mail/staff-invitation-emails.ts';

let sequence = 0;
const uniqueEmail = (name = 'invitee') => `${name}.${Date.now()}.${(sequence += 1)}@example.com`;
const PASSWORD = 'a-good-password';

describe(`staff invitations on ${testDatabaseKind()}`, () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let owner: TestUser, admin: TestUser, editor: TestUser, support: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100' });
    await testApp.startWorkers();
    [owner, admin, editor, support] = await createTestStaffs(testApp.app, 'owner', 'admin', 'editor', 'support');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app().inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const invite = (email: string, role: Role, by: TestUser = owner) => inject('POST', '/api/staff-invitations', { email, role }, by.headers);
  const lookup = (token: string) => inject('POST', '/api/staff-invitations/lookup', { token });
  const accept = (token: string, password = PASSWORD) => inject('POST', '/api/staff-invitations/accept', { token, password });
  const lastAuditId = async () => (await db().select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id)).at(-1)?.id ?? 0;

  /** The token of the newest invitation mail to `email` (the link's `?token=`), once the mail worker sent it. */
  async function invitationToken(email: string, role: Role, after = 0): Promise<string> {
    const mail = await smtp.waitForMail(
      (message) => message.to.includes(email) && message.subject === staffInvitationSubject(role) && smtp.messages.indexOf(message) >= after,
    );
    const token = /\/staff-invite\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    return token!;
  }

  it('owner invites an editor: the mail, the preview, then accepting signs in an approved, confirmed editor with a session', async () => {
    const email = uniqueEmail();
    const since = await lastAuditId();
    const created = await invite(email, 'editor');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<StaffInvitation>()).toMatchObject({ email, role: 'editor', invitedBy: owner.email, isExpired: false });
    const token = await invitationToken(email, 'editor');

    const listed = await inject('GET', '/api/staff-invitations', undefined, owner.headers);
    expect(listed.json<StaffInvitationList>().invitations.map((entry) => entry.email)).toContain(email);

    const preview = await lookup(token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ email, role: 'editor', invitedBy: owner.email });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { token: jwt, user } = accepted.json<{ token: string; user: { id: number; role: Role } }>();
    expect(user.role).toBe('editor');
    const headers = { authorization: `Bearer ${jwt}` };
    expect((await inject('GET', '/api/auth/validate', undefined, headers)).json()).toMatchObject({ user: { email, role: 'editor' } });
    expect((await inject('GET', '/api/blog-stats', undefined, headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/leads', undefined, headers)).statusCode).toBe(403);

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'editor', isApproved: true });
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    // Signs in with the chosen password like anyone else would (no captcha needed to prove that: the hash matches).
    expect(row!.passwordHash).not.toContain(PASSWORD);

    const entries = await db().select().from(auditLog).where(gt(auditLog.id, since)).orderBy(auditLog.id);
    const invitationId = String(created.json<StaffInvitation>().id);
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.actorUserId])).toEqual([
      ['staff_invitation.create', invitationId, owner.id],
      ['staff_invitation.accept', invitationId, user.id],
    ]);
    expect(entries[0]!.details).toMatchObject({ email, role: 'editor' });
    expect(entries[1]!.details).toMatchObject({ email, role: 'editor', userId: user.id, invitedBy: owner.id });
    // Never the token, nor its hash.
    const [stored] = await db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
    for (const entry of entries) {
      expect(JSON.stringify(entry)).not.toContain(token);
      expect(JSON.stringify(entry)).not.toContain(stored!.tokenHash);
    }
    expect(stored!.tokenHash).not.toContain(token);
    // Accepted: no longer pending.
    const after = await inject('GET', '/api/staff-invitations', undefined, owner.headers);
    expect(after.json<StaffInvitationList>().invitations.map((entry) => entry.email)).not.toContain(email);
  });

  it('accepting is the first sign-in: a later sign-in from another device is mailed as new (decision 0059)', async () => {
    const email = uniqueEmail('newdevice');
    expect((await invite(email, 'support')).statusCode).toBe(201);
    const token = await invitationToken(email, 'support');
    const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    expect((await inject('POST', '/api/staff-invitations/accept', { token, password: PASSWORD }, { 'user-agent': chrome })).statusCode).toBe(200);
    const signedIn = await inject('POST', '/api/auth/signin', { email, password: PASSWORD, captcha: await solveCaptcha(app()) }, { 'user-agent': firefox });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const mail = await smtp.waitForMail((message) => message.to.includes(email) && message.subject === 'New sign-in to your JotIt account');
    expect(mail.text).toContain('Firefox on Windows');
  });

  it('a link works once', async () => {
    const email = uniqueEmail();
    expect((await invite(email, 'author')).statusCode).toBe(201);
    const token = await invitationToken(email, 'author');
    const [first, second] = await Promise.all([accept(token), accept(token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVITATION_LINK_USED_MESSAGE });
    expect((await lookup(token)).json()).toEqual({ error: INVITATION_LINK_USED_MESSAGE });
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('an expired link is refused with its own text', async () => {
    const email = uniqueEmail();
    expect((await invite(email, 'support')).statusCode).toBe(201);
    const token = await invitationToken(email, 'support');
    await db().update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.email, email));
    expect((await lookup(token)).json()).toEqual({ error: INVITATION_LINK_EXPIRED_MESSAGE });
    const refused = await accept(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: INVITATION_LINK_EXPIRED_MESSAGE });
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const listed = await inject('GET', '/api/staff-invitations', undefined, owner.headers);
    expect(listed.json<StaffInvitationList>().invitations.find((entry) => entry.email === email)).toMatchObject({ isExpired: true });
  });

  it('an unknown link is refused', async () => {
    expect((await accept('not-a-real-token')).json()).toEqual({ error: INVITATION_LINK_UNKNOWN_MESSAGE });
    expect((await lookup('not-a-real-token')).statusCode).toBe(400);
  });

  it('who may invite whom: editors and support 403, admins not owners, anonymous 401', async () => {
    expect((await inject('POST', '/api/staff-invitations', { email: uniqueEmail(), role: 'editor' })).statusCode).toBe(401);
    expect((await invite(uniqueEmail(), 'author', editor)).statusCode).toBe(403);
    expect((await invite(uniqueEmail(), 'author', support)).statusCode).toBe(403);
    expect((await inject('GET', '/api/staff-invitations', undefined, support.headers)).statusCode).toBe(403);
    expect((await invite(uniqueEmail(), 'owner', admin)).statusCode).toBe(403);
    expect((await invite(uniqueEmail(), 'admin', admin)).statusCode).toBe(201);
    expect((await invite(uniqueEmail(), 'owner', owner)).statusCode).toBe(201);
    // A staff invitation is for staff roles; unknown fields are refused (strict).
    expect((await invite(uniqueEmail(), 'user')).statusCode).toBe(400);
    expect((await inject('POST', '/api/staff-invitations', { email: uniqueEmail(), role: 'editor', isAdmin: true }, owner.headers)).statusCode).toBe(400);
  });

  it('an address with an account: 409 with what to do instead', async () => {
    const existing = await createTestUser(app());
    const response = await invite(existing.email.toUpperCase(), 'editor');
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toBe(ACCOUNT_EXISTS_MESSAGE);
  });

  it('inviting again replaces the pending invitation: the first link stops working', async () => {
    const email = uniqueEmail();
    expect((await invite(email, 'author')).statusCode).toBe(201);
    const first = await invitationToken(email, 'author');
    const mark = smtp.messages.length;
    expect((await invite(email, 'editor')).statusCode).toBe(201);
    const second = await invitationToken(email, 'editor', mark);
    expect((await accept(first)).json()).toEqual({ error: INVITATION_LINK_UNKNOWN_MESSAGE });
    const pending = await db().select().from(staffInvitations).where(and(eq(staffInvitations.email, email)));
    expect(pending.map((row) => row.role)).toEqual(['editor']);
    const accepted = await accept(second);
    expect(accepted.json<{ user: { role: Role } }>().user.role).toBe('editor');
  });

  it('revoke (asks no more than the permission): the link is refused, audited, and a second revoke is 404', async () => {
    const email = uniqueEmail();
    const created = await invite(email, 'editor');
    const { id } = created.json<StaffInvitation>();
    const token = await invitationToken(email, 'editor');
    expect((await inject('DELETE', `/api/staff-invitations/${id}`, undefined, editor.headers)).statusCode).toBe(403);
    const since = await lastAuditId();
    expect((await inject('DELETE', `/api/staff-invitations/${id}`, undefined, admin.headers)).statusCode).toBe(204);
    expect((await accept(token)).json()).toEqual({ error: INVITATION_LINK_UNKNOWN_MESSAGE });
    expect((await inject('DELETE', `/api/staff-invitations/${id}`, undefined, admin.headers)).statusCode).toBe(404);
    const entries = await db().select().from(auditLog).where(gt(auditLog.id, since));
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.actorUserId, entry.details])).toEqual([
      ['staff_invitation.revoke', String(id), admin.id, { email, role: 'editor' }],
    ]);
    // An owner's invitation is revoked by an owner only.
    const ownerInvite = (await invite(uniqueEmail(), 'owner')).json<StaffInvitation>();
    expect((await inject('DELETE', `/api/staff-invitations/${ownerInvite.id}`, undefined, admin.headers)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/staff-invitations/${ownerInvite.id}`, undefined, owner.headers)).statusCode).toBe(204);
  });

  it('a role change mails the person their new role; removing a staff member mails them too', async () => {
    const person = await createTestStaff(app(), 'author');
    const changed = await inject('PATCH', `/api/users/${person.id}`, { role: 'editor' }, owner.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    const mail = await smtp.waitForMail((message) => message.to.includes(person.email) && message.subject === roleChangedSubject('editor'));
    expect(mail.text).toContain('it is now Editor');
    expect((await inject('DELETE', `/api/users/${person.id}`, undefined, owner.headers)).statusCode).toBe(204);
    await smtp.waitForMail((message) => message.to.includes(person.email) && message.subject === STAFF_REMOVED_SUBJECT);
  });

  it('hostile text in the accept body: never a 5xx, always an { error } text', async () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('\u0000', '\ud800', 'a\udc00b', ' '.repeat(300)));
    await fc.assert(
      fc.asyncProperty(text, text, async (token, password) => {
        const response = await accept(token, password);
        expect(response.statusCode, `${JSON.stringify({ token, password })} → ${response.body}`).toBeLessThan(500);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(typeof response.json<{ error: unknown }>().error).toBe('string');
      }),
      { numRuns: 25 },
    );
    for (const body of [{}, { token: 1, password: 2 }, { token: 'x', password: PASSWORD, extra: true }, []]) {
      const response = await inject('POST', '/api/staff-invitations/accept', body as object);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe(`staff invitation links with the auth limit and REQUIRE_STAFF_MFA on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', REQUIRE_STAFF_MFA: 'true' });
  });
  afterAll(() => testApp?.close());

  it('the public accept route takes the auth limit: the eleventh try in a minute is 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/staff-invitations/accept', payload: { token: `guess-${attempt}`, password: 'x' } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('with REQUIRE_STAFF_MFA the new staff account is signed in and told to set up two-step sign-in', async () => {
    const token = 'mfa-invitation-token';
    await testApp.database.db
      .insert(staffInvitations)
      .values({ email: uniqueEmail('mfa'), role: 'editor', tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + 60_000) });
    // From another address than the test above, whose tries used up the minute's limit.
    const response = await testApp.app.inject({ method: 'POST', url: '/api/staff-invitations/accept', payload: { token, password: PASSWORD }, remoteAddress: '203.0.113.9' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ user: { role: 'editor' }, secondFactorSetupRequired: true });
  });
});
