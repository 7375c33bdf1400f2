/**
 * The public forms with JavaScript off (issue 8 §2). The spam check (ALTCHA) is solved by script, so a script-free
 * post must not become the way around it: the page answers 200 with its nav and footer, the form as it was typed,
 * and a notice that the spam check needs JavaScript with the support address (SUPPORT_EMAIL); nothing is stored or
 * sent. With JavaScript on, the same forms still go through the API (forms.spec.ts, home.spec.ts, blog-public.spec.ts).
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { DESKTOP, launchBrowser } from './browser.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './server.ts';
import { signInViaApi } from './session.ts';

const SUPPORT = 'help-desk@e2e.test';

describe('public forms without JavaScript', () => {
  let server: RunningServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT }), launchBrowser()]);
    ({ token: adminToken } = await signInViaApi(server.baseUrl, E2E_ADMIN.email, E2E_ADMIN.password));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function openScriptFreePage() {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { page, close: () => context.close() };
  }

  /** Clicks a form's submit button and returns the answer to the browser's own POST. */
  async function submitNatively(page: Page, button: ReturnType<Page['getByRole']>): Promise<Response> {
    const [response] = await Promise.all([page.waitForResponse((candidate) => candidate.request().method() === 'POST'), button.click()]);
    await page.waitForLoadState('load');
    return response;
  }

  /** The answer is the whole page: the site's navigation and footer, and the notice inside the posted form. */
  async function expectNormalPageWithNotice(page: Page, form: ReturnType<Page['getByRole']>) {
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    const notice = form.getByRole('alert');
    expect(await notice.textContent()).toContain('our spam check needs JavaScript');
    expect(await notice.getByRole('link', { name: SUPPORT }).getAttribute('href')).toBe(`mailto:${SUPPORT}`);
    // No promise of a spam check that cannot run here.
    expect(await form.getByText('spam check…').count()).toBe(0);
  }

  async function leadCount(): Promise<number> {
    const response = await fetch(`${server.baseUrl}/api/leads`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { leads: unknown[] }).leads.length;
  }

  /** The leads stored for one address (the Stay Updated box stores its subscribers as leads, source blog-subscribe). */
  async function leadsFor(email: string): Promise<Array<{ email: string; source: string }>> {
    const response = await fetch(`${server.baseUrl}/api/leads?q=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { leads: Array<{ email: string; source: string }> }).leads;
  }

  /**
   * Nothing sent: a later submission through the API (with a solved captcha) is e-mailed, and by the time it
   * arrives the script-free post — queued first, had it been accepted — would have arrived too.
   */
  async function expectOnlySentinelMailed(path: string, body: Record<string, string>, isSentinel: (text: string) => boolean, tag: string) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, captcha: await solveCaptchaOver(server.baseUrl) }),
    });
    expect(response.status).toBe(200);
    await smtp.waitForMail((mail) => isSentinel(`${mail.subject}\n${mail.to.join(',')}\n${mail.text}`));
    expect(smtp.messages.filter((mail) => `${mail.subject}\n${mail.text}`.includes(tag))).toEqual([]);
  }

  it('answers the hero lead form with the home page, the typed values and the notice; stores no lead', async () => {
    const { page, close } = await openScriptFreePage();
    const before = await leadCount();
    await page.goto('/');
    const hero = page.getByRole('form', { name: 'Try free' });
    await hero.getByLabel('First name').fill('Ada');
    await hero.getByLabel('Email').fill('ada.noscript@example.com');
    const response = await submitNatively(page, hero.getByRole('button', { name: 'Email Me the Download' }));

    expect(response.status()).toBe(200);
    expect(await page.title()).toBe('JotIt - Capture ideas in seconds from your system tray');
    await expectNormalPageWithNotice(page, hero);
    expect(await hero.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await hero.getByLabel('Email').inputValue()).toBe('ada.noscript@example.com');
    // Only the form that was posted says so; the download form further down is untouched.
    const download = page.getByRole('form', { name: 'Get Instant Download' });
    expect(await download.getByRole('alert').count()).toBe(0);
    expect(await download.getByLabel('Email').inputValue()).toBe('');
    expect(await leadCount()).toBe(before);
    await close();
  });

  it('answers the download lead form at the download section', async () => {
    const { page, close } = await openScriptFreePage();
    const before = await leadCount();
    await page.goto('/');
    const download = page.getByRole('form', { name: 'Get Instant Download' });
    await download.getByLabel('First name').fill('Grace');
    await download.getByLabel('Email').fill('grace.noscript@example.com');
    const response = await submitNatively(page, download.getByRole('button', { name: 'Get Instant Download' }));

    expect(response.status()).toBe(200);
    expect(new URL(page.url()).hash).toBe('#download');
    await expectNormalPageWithNotice(page, download);
    expect(await download.getByLabel('First name').inputValue()).toBe('Grace');
    expect(await download.getByLabel('Email').inputValue()).toBe('grace.noscript@example.com');
    expect(await page.getByRole('form', { name: 'Try free' }).getByRole('alert').count()).toBe(0);
    expect(await leadCount()).toBe(before);
    await close();
  });

  it("answers the campaign page's lead form with the page, the typed values and the notice; stores no lead", async () => {
    const { page, close } = await openScriptFreePage();
    const email = `campaign.noscript.${Date.now()}@example.com`;
    const before = await leadCount();
    // The seeded campaign (src/server/db/seed-data.ts DEMO_CAMPAIGN).
    await page.goto('/c/back-to-school');
    const form = page.getByRole('form', { name: 'Get JotIt free' });
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Email').fill(email);
    const response = await submitNatively(page, form.getByRole('button', { name: 'Email Me the Download' }));

    expect(response.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/c/back-to-school');
    expect(await page.title()).toBe('Back to School 2026 - JotIt!');
    await expectNormalPageWithNotice(page, form);
    expect(await form.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    expect(await leadsFor(email)).toEqual([]);
    expect(await leadCount()).toBe(before);
    await close();
  });

  // The blog list (with and without a category chosen) and an article: the box posts to the page it is on.
  const BLOG_POST = 'how-jotit-encrypts-jots-and-why-v2-adds-an-hmac';
  for (const [path, heading] of [
    ['/blog', 'Notes from the JotIt team'],
    ['/blog?category=Security', 'Notes from the JotIt team'],
    [`/blog/${BLOG_POST}`, 'How JotIt encrypts your jots, and why v2 adds an HMAC'],
  ] as const) {
    it(`answers the Stay Updated box on ${path} with the page, the typed e-mail and the notice; subscribes no one`, async () => {
      const { page, close } = await openScriptFreePage();
      const email = `reader.noscript.${Date.now()}@example.com`;
      const before = await leadCount();
      await page.goto(path);
      const box = page.getByRole('region', { name: 'Stay Updated' });
      const form = box.locator('form');
      await form.getByLabel('Email').fill(email);
      const response = await submitNatively(page, form.getByRole('button', { name: 'Subscribe' }));

      expect(response.status()).toBe(200);
      // Posted, never in the address: not in the URL, the history, server logs or a referrer.
      expect(response.url()).not.toContain('email=');
      const url = new URL(page.url());
      expect(`${url.pathname}${url.search}`).toBe(path);
      expect(url.hash).toBe('#stay-updated');
      // The browser comes back to the box (it sits below the fold), not to the top of the page.
      await expect.poll(async () => (await box.boundingBox())?.y, { timeout: 10_000 }).toBeLessThan(DESKTOP.height / 2);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
      await expectNormalPageWithNotice(page, form);
      expect(await form.getByLabel('Email').inputValue()).toBe(email);
      expect(await leadsFor(email)).toEqual([]);
      expect(await leadCount()).toBe(before);
      await close();
    });
  }

  it('answers the feedback form with the page, the typed values and the notice; sends nothing', async () => {
    const { page, close } = await openScriptFreePage();
    const tag = `no-script feedback ${Date.now()}`;
    await page.goto('/feedback');
    const form = page.getByRole('form', { name: 'Feedback' });
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Subject').fill(tag);
    await form.getByLabel('Message').fill('Typed with JavaScript off.\nSecond line stays.');
    const response = await submitNatively(page, form.getByRole('button', { name: 'Send Feedback' }));

    expect(response.status()).toBe(200);
    expect(await page.title()).toBe('Feedback - JotIt!');
    await expectNormalPageWithNotice(page, form);
    expect(await form.getByLabel('Name').inputValue()).toBe('Ada Lovelace');
    expect(await form.getByLabel('Email').inputValue()).toBe('ada@example.com');
    expect(await form.getByLabel('Subject').inputValue()).toBe(tag);
    expect(await form.getByLabel('Message').inputValue()).toBe('Typed with JavaScript off.\nSecond line stays.');
    await close();

    const sentinel = `sentinel feedback ${Date.now()}`;
    await expectOnlySentinelMailed(
      '/api/feedback',
      { name: 'Sentinel', email: 'sentinel@example.com', subject: sentinel, message: 'Sent with JavaScript, through the API.' },
      (text) => text.includes(sentinel),
      tag,
    );
  });

  it('answers the contact form with the page, the typed values and the notice; sends nothing', async () => {
    const { page, close } = await openScriptFreePage();
    const tag = `no-script contact ${Date.now()}`;
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Full Name').fill('Grace Hopper');
    await form.getByLabel('Email Address').fill('grace@example.com');
    await form.getByLabel('Company').fill('Navy');
    await form.getByLabel('Subject').fill(tag);
    await form.getByLabel('Message').fill('A team licence for forty people, please.');
    const response = await submitNatively(page, form.getByRole('button', { name: 'Send Message' }));

    expect(response.status()).toBe(200);
    await expectNormalPageWithNotice(page, form);
    expect(await form.getByLabel('Full Name').inputValue()).toBe('Grace Hopper');
    expect(await form.getByLabel('Email Address').inputValue()).toBe('grace@example.com');
    expect(await form.getByLabel('Company').inputValue()).toBe('Navy');
    expect(await form.getByLabel('Subject').inputValue()).toBe(tag);
    expect(await form.getByLabel('Message').inputValue()).toBe('A team licence for forty people, please.');
    await close();

    const sentinel = `sentinel contact ${Date.now()}`;
    await expectOnlySentinelMailed(
      '/api/contact',
      { name: 'Sentinel', email: 'sentinel@example.com', subject: sentinel, message: 'Sent with JavaScript, through the API.' },
      (text) => text.includes(sentinel),
      tag,
    );
  });

  it('answers the invitation form with the page, the typed values and the notice; sends nothing', async () => {
    const { page, close } = await openScriptFreePage();
    const tag = `no-script invitation ${Date.now()}`;
    const recipient = `friend.noscript.${Date.now()}@example.com`;
    await page.goto('/share-it');
    const form = page.getByRole('form', { name: 'Invite a friend' });
    await form.getByLabel('Your name').fill('Ada');
    await form.getByLabel('Your email').fill('ada@example.com');
    await form.getByLabel("Friend's name").fill('Charles');
    await form.getByLabel("Friend's email").fill(recipient);
    await form.getByLabel('Personal message').fill(tag);
    const response = await submitNatively(page, form.getByRole('button', { name: 'Send Invitation' }));

    expect(response.status()).toBe(200);
    expect(await page.title()).toBe('Share It - JotIt!');
    await expectNormalPageWithNotice(page, form);
    expect(await form.getByLabel('Your name').inputValue()).toBe('Ada');
    expect(await form.getByLabel('Your email').inputValue()).toBe('ada@example.com');
    expect(await form.getByLabel("Friend's name").inputValue()).toBe('Charles');
    expect(await form.getByLabel("Friend's email").inputValue()).toBe(recipient);
    expect(await form.getByLabel('Personal message').inputValue()).toBe(tag);
    await close();

    const sentinelRecipient = `friend.sentinel.${Date.now()}@example.com`;
    await expectOnlySentinelMailed(
      '/api/send-invitation-email',
      { senderName: 'Ada', senderEmail: 'ada@example.com', recipientName: 'Sentinel', recipientEmail: sentinelRecipient },
      (text) => text.includes(sentinelRecipient),
      tag,
    );
    expect(smtp.messages.filter((mail) => mail.to.includes(recipient))).toEqual([]);
  });
});
