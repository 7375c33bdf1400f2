/**
 * Issue 34 (finding 7): a synced lead's one-click unsubscribe reaches Kit with mail as `npm start` delivers it out
 * of the box — no SMTP_URL, so each message is a file in DATA_DIR/outbox — and the job queue's default idle poll
 * (2 s), on PGlite as on PostgreSQL. Everything goes the way a person goes: the public form, the confirmation link
 * and the List-Unsubscribe URL read from the written mail, never an admin call; only Kit is faked.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { type FakeKitServer, startFakeKit } from '../../../../tests/fixtures/fake-kit.ts';
import { waitForOutboxMail } from '../../../../tests/fixtures/outbox.ts';
import { listUnsubscribeUrl, mailHeader, type ReceivedMail } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { leads } from '../../db/schema.ts';

const EMAIL = 'outbox-reader@example.com';

/** The confirmation link of a mail's text part (double opt-in). */
function confirmationUrl(mail: ReceivedMail): URL {
  const url = /https?:\/\/\S+\/confirm-subscription\?t=\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error('No confirmation link in the mail');
  return new URL(url);
}

describe(`one-click unsubscribe of a synced lead, mail in the outbox, on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let kit: FakeKitServer;

  beforeAll(async () => {
    kit = await startFakeKit();
    // As `npm start` runs: no SMTP_URL (the outbox), the idle poll of main.ts, double opt-in on (the default).
    testApp = await createTestApp({ ...kit.env(), JOB_POLLING_SECONDS: '2' });
    await testApp.startWorkers();
  });

  afterAll(async () => {
    await testApp?.close();
    await kit?.close();
  });

  const outbox = () => path.join(testApp.config.dataDir, 'outbox');
  const leadOf = async (email: string) =>
    (
      await testApp.app.services.database.db
        .select()
        .from(leads)
        .where(sql`lower(${leads.email}) = ${email}`)
    )[0]!;
  /** Posts a form the way a browser or a mail client does: urlencoded, no cookie, no JavaScript. */
  const postForm = (url: URL, body: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
  const unsubscribeCalls = (subscriberId: number) =>
    kit.requests.filter((request) => request.path === `/v4/subscribers/${subscriberId}/unsubscribe`);
  const formCalls = () =>
    kit.requests.filter(
      (request) => request.path === `/v4/forms/${kit.formId}/subscribers` && request.body.email_address === EMAIL,
    );

  it('signs up, confirms from the mail, is synced, one-click unsubscribes from the mail: Kit unsubscribes it (and again after a resubscribe)', async () => {
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: '10.61.0.1',
      payload: { firstName: 'Olive', email: EMAIL, source: 'homepage-hero', captcha: await solveCaptcha(testApp.app) },
    });
    expect(signUp.statusCode).toBe(200);
    const mail = await waitForOutboxMail(outbox(), (message) => message.to.includes(EMAIL));
    expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const confirmed = await postForm(confirmationUrl(mail), 'action=confirm');
    expect(confirmed.headers.location).toMatch(/&done=confirmed$/);
    // Synced: Kit has the subscriber and the form call, and the lead holds Kit's id.
    await kit.waitFor(() => formCalls().length === 1);
    const subscriberId = kit.subscribers.get(EMAIL)!.id;
    await expect.poll(async () => (await leadOf(EMAIL)).convertkitSubscriberId, { timeout: 10_000 }).toBe(subscriberId);

    const oneClick = listUnsubscribeUrl(mail);
    const response = await postForm(oneClick, 'List-Unsubscribe=One-Click');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    expect((await leadOf(EMAIL)).unsubscribedAt).toBeInstanceOf(Date);
    await kit.waitFor(() => unsubscribeCalls(subscriberId).length === 1);
    expect(kit.subscribers.get(EMAIL)!.state).toBe('inactive');

    // The same address again (a tester reusing it): back through the page's form, synced again, then the same
    // one-click URL from the same mail reaches Kit a second time.
    expect((await postForm(oneClick, 'action=resubscribe')).statusCode).toBe(303);
    await kit.waitFor(() => formCalls().length === 2);
    await expect.poll(() => kit.subscribers.get(EMAIL)!.state, { timeout: 10_000 }).toBe('active');
    expect((await postForm(oneClick, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    await kit.waitFor(() => unsubscribeCalls(subscriberId).length === 2);
    expect(kit.subscribers.get(EMAIL)!.state).toBe('inactive');
  });
});
