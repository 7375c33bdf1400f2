/**
 * Issue 24, end to end through HTTP, a real SMTP server and the local fake Kit: RFC 8058 one-click unsubscribe
 * without cookies (and the stop holds in the mail queue, proved by a sentinel mail to another address), the Kit
 * unsubscribe, resubscribe, and double opt-in (no Kit sync before the click, then exactly one).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { type FakeKitServer, startFakeKit } from '../../../../tests/fixtures/fake-kit.ts';
import { listUnsubscribeUrl, mailHeader, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { emailSuppressions, leads } from '../../db/schema.ts';
import { KIT_SYNC_JOB } from '../../jobs/kit.ts';
import { sendInvitation } from '../invitations/service.ts';

let ipCounter = 0;
const freshIp = () => `10.60.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** The confirmation link of a mail's text part (double opt-in). */
function confirmUrl(mail: ReceivedMail): URL {
  const url = /http:\/\/jotit\.test\/confirm-subscription\?t=\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error('No confirmation link in the mail');
  return new URL(url);
}

describe(`unsubscribe and consent on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  let kit: FakeKitServer;

  beforeAll(async () => {
    [smtp, kit] = await Promise.all([startSmtpServer(), startFakeKit()]);
    // SUBSCRIBE_DOUBLE_OPT_IN is left at its default (on).
    testApp = await createTestApp({ SMTP_URL: smtp.url, ...kit.env() });
    await testApp.startWorkers();
  });
  afterAll(async () => {
    await testApp?.close();
    await Promise.all([smtp?.close(), kit?.close()]);
  });

  const db = () => testApp.app.services.database.db;
  const leadOf = async (email: string) => (await db().select().from(leads).where(sql`lower(${leads.email}) = ${email}`))[0]!;
  const kitJobs = async (leadId: number) =>
    (await testApp.database.sql.query<{ state: string }>(`select state from pgboss.job where name = $1 and (data->>'leadId')::int = $2`, [KIT_SYNC_JOB, leadId])).rows;
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === email));

  async function postLead(firstName: string, email: string, source = 'homepage-hero') {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: freshIp(),
      payload: { firstName, email, source, captcha: await solveCaptcha(testApp.app) },
    });
    expect(response.statusCode).toBe(200);
  }

  /** Posts a form the way a browser or a mail client does: urlencoded, no cookie, no JavaScript. */
  const postForm = (url: URL | string, body: string) =>
    testApp.app.inject({
      method: 'POST',
      url: typeof url === 'string' ? url : `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it('double opt-in: the download mail asks to confirm; no Kit sync before the click, exactly one after (however often it is pressed)', async () => {
    await postLead('Ada', 'ada@example.com');
    const mail = await smtp.waitForMail((message) => message.to.includes('ada@example.com'));
    expect(mail.subject).toBe('Your JotIt download link');
    const lead = await leadOf('ada@example.com');
    expect(lead).toMatchObject({ confirmedAt: null, consentText: 'Free for Windows. We e-mail the link; no spam, unsubscribe anytime.' });
    expect(lead.consentAt).toBeInstanceOf(Date);
    // The sync job would have been queued in the request that stored the lead: none was.
    expect(await kitJobs(lead.id)).toEqual([]);

    const link = confirmUrl(mail);
    // Opening the link changes nothing (mail scanners open links); the page's button posts.
    const page = await testApp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).not.toBe(500);
    expect((await leadOf('ada@example.com')).confirmedAt).toBeNull();
    for (let press = 0; press < 2; press += 1) {
      const confirmed = await postForm(link, 'action=confirm');
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toMatch(/^\/confirm-subscription\?t=.+&done=confirmed$/);
    }
    await kit.waitFor((requests) => requests.some((request) => request.path === '/v4/subscribers' && request.body.email_address === 'ada@example.com'));
    expect((await leadOf('ada@example.com')).confirmedAt).toBeInstanceOf(Date);
    expect(await kitJobs(lead.id)).toHaveLength(1);
  });

  it('Stay Updated sends a confirmation (with the unsubscribe pair) and syncs to Kit only after the click', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/blog-subscribe',
      remoteAddress: freshIp(),
      payload: { email: 'reader@example.com', captcha: await solveCaptcha(testApp.app) },
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitForMail((message) => message.to.includes('reader@example.com'));
    expect(mail.subject).toBe('Confirm your subscription to JotIt updates');
    expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const lead = await leadOf('reader@example.com');
    expect(lead.consentText).toMatch(/after you confirm your address/);
    expect(await kitJobs(lead.id)).toEqual([]);
    expect((await postForm(confirmUrl(mail), 'action=confirm')).statusCode).toBe(303);
    await kit.waitFor((requests) => requests.some((request) => request.body.email_address === 'reader@example.com'));
    expect(await kitJobs(lead.id)).toHaveLength(1);
  });

  it('one-click unsubscribe by POST without cookies: the lead is marked, Kit unsubscribes it, and no further marketing mail arrives', async () => {
    // Ada confirmed above, so Kit knows her.
    const download = mailsTo('ada@example.com')[0]!;
    expect(mailHeader(download, 'List-Unsubscribe')).toMatch(/^<http:\/\/jotit\.test\/unsubscribe\?t=[\w.-]+>, <mailto:support@jotit\.local\?subject=Unsubscribe>$/);
    const response = await postForm(listUnsubscribeUrl(download), 'List-Unsubscribe=One-Click');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await leadOf('ada@example.com')).unsubscribedAt).toBeInstanceOf(Date);
    const suppressed = await db().select().from(emailSuppressions).where(eq(emailSuppressions.email, 'ada@example.com'));
    expect(suppressed).toMatchObject([{ scope: 'marketing', method: 'one_click' }]);

    // Kit: the subscriber is unsubscribed through its v4 API.
    const subscriberId = kit.subscribers.get('ada@example.com')!.id;
    await kit.waitFor((requests) => requests.some((request) => request.path === `/v4/subscribers/${subscriberId}/unsubscribe`));
    expect(kit.subscribers.get('ada@example.com')!.state).toBe('inactive');

    // The form again: the download mail is queued (the cap allows it) but the queue drops it. A sentinel lead
    // posted after it arrives, so the queue ran.
    const before = mailsTo('ada@example.com').length;
    await postLead('Ada', 'ADA@example.com');
    await postLead('Sentinel', 'sentinel-marketing@example.com');
    await smtp.waitForMail((message) => message.to.includes('sentinel-marketing@example.com'));
    expect(mailsTo('ada@example.com')).toHaveLength(before);
  });

  it('an invitation carries its own one-click stop; after it, no invitation reaches the address', async () => {
    const { services } = testApp.app;
    const deps = { db: db(), mailer: services.mailer, brand: services.mailBrand, unsubscribe: services.unsubscribeLinks, hourlyCap: 1000 };
    const meta = { ipAddress: null, userAgent: null, requestId: 'test' };
    const invite = { senderName: 'Grace', senderEmail: 'grace@example.com', recipientName: 'Alan' };
    await sendInvitation(deps, { ...invite, recipientEmail: 'alan@example.com' }, meta);
    const invitation = await smtp.waitForMail((message) => message.to.includes('alan@example.com'));
    expect((await postForm(listUnsubscribeUrl(invitation), 'List-Unsubscribe=One-Click')).statusCode).toBe(200);

    // A week later the per-recipient limit would allow another one: the suppression list does not.
    const nextWeek = () => new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect((await sendInvitation({ ...deps, now: nextWeek }, { ...invite, recipientEmail: 'alan@example.com' }, meta)).sent).toBe(true);
    await sendInvitation(deps, { ...invite, recipientEmail: 'sentinel-invite@example.com' }, meta);
    await smtp.waitForMail((message) => message.to.includes('sentinel-invite@example.com'));
    expect(mailsTo('alan@example.com')).toHaveLength(1);
  });

  it('the page form resubscribes (303 back to the page), Kit gets the address back, and mail flows again', async () => {
    const download = mailsTo('ada@example.com')[0]!;
    const url = listUnsubscribeUrl(download);
    const page = await testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).not.toBe(500);
    const response = await postForm(url, 'action=resubscribe');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/unsubscribe\?t=.+&done=resubscribed$/);
    expect((await leadOf('ada@example.com')).unsubscribedAt).toBeNull();
    expect(await db().select().from(emailSuppressions).where(and(eq(emailSuppressions.email, 'ada@example.com'), eq(emailSuppressions.scope, 'marketing')))).toEqual([]);
    await kit.waitFor(() => kit.subscribers.get('ada@example.com')?.state === 'active');

    const before = mailsTo('ada@example.com').length;
    await postLead('Ada', 'ada@example.com');
    await smtp.waitForMail(() => mailsTo('ada@example.com').length > before);
  });

  it('refuses a forged or altered token: 400 to a mail client, back to the page (which says so) for the form', async () => {
    const download = mailsTo('ada@example.com')[0]!;
    const token = listUnsubscribeUrl(download).searchParams.get('t')!;
    const [address, , signature] = token.split('.');
    for (const forged of [`${address}.all.${signature}`, `${Buffer.from('eve@example.com').toString('base64url')}.marketing.${signature}`, 'nonsense']) {
      const oneClick = await postForm(`/unsubscribe?t=${forged}`, 'List-Unsubscribe=One-Click');
      expect(oneClick.statusCode).toBe(400);
      expect(oneClick.json().error).toMatch(/not valid/);
      const form = await postForm(`/unsubscribe?t=${forged}`, 'action=unsubscribe');
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe(`/unsubscribe?t=${encodeURIComponent(forged)}`);
    }
    expect(await db().select().from(emailSuppressions).where(eq(emailSuppressions.email, 'eve@example.com'))).toEqual([]);
  });
});
