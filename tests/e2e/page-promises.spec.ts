/**
 * The small promises the public pages make are kept (issue 27 §2–4): the Pro section's "get notified" stores a
 * lead (typed before hydration; with JavaScript off it answers like every public form), the RSS feed carries text
 * that no feed reader can turn into markup, /docs leads back to the site, /favicon.ico answers, and sign-in errors
 * sit beside the form with a resend action that stays.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { DESKTOP, MOBILE, setUpE2e, solveCaptchaWidget, toast, unexpectedErrors, uniqueEmail, type Viewport } from './fixtures.ts';
import { isHydrated, openSlowPage } from './slow-page.ts';

const SCRIPT_DELAY_MS = 250;
const CPU_SLOWDOWN = 4;

describe('the public pages keep their promises', () => {
  const e2e = setUpE2e({ smtp: true });

  async function leadsFor(email: string): Promise<Array<{ email: string; source: string }>> {
    const response = await e2e.request('GET', `/api/leads?q=${encodeURIComponent(email)}`, { token: e2e.adminToken });
    expect(response.status).toBe(200);
    return ((await response.json()) as { leads: Array<{ email: string; source: string }> }).leads;
  }

  /** A slow phone: CPU throttled, scripts late, opened without waiting. */
  const openSlowPhone = (viewport: Viewport) =>
    openSlowPage(e2e.browser, e2e.server.baseUrl, viewport, { cpuSlowdown: CPU_SLOWDOWN, scripts: { delayMs: SCRIPT_DELAY_MS } });

  const proForm = (page: Page) => page.getByRole('form', { name: 'Get notified when Pro launches' });

  it('stores the Pro waitlist e-mail typed before hydration as a lead with source pro-waitlist (375 px)', async () => {
    const { page, errors, hydrate, close } = await openSlowPhone(MOBILE);
    const email = uniqueEmail('pro.early');
    await page.goto('/', { waitUntil: 'commit' });
    const field = proForm(page).getByLabel('Email');
    await field.waitFor();
    expect(await isHydrated(page)).toBe(false);
    await field.pressSequentially(email, { delay: 30 });
    await hydrate();

    expect(await field.inputValue()).toBe(email);
    await proForm(page).getByRole('button', { name: 'Notify me' }).click();
    await page.getByText('Almost there: open the e-mail we just sent and confirm your address, and we will tell you when Pro launches.').waitFor();
    expect(await leadsFor(email)).toEqual([expect.objectContaining({ email, source: 'pro-waitlist' })]);
    expect(errors).toEqual([]);
    await close();
  });

  it('answers the Pro waitlist posted without JavaScript like every public form: the typed e-mail and the notice', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl, viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail('pro.noscript');
    await page.goto('/');
    await proForm(page).getByLabel('Email').fill(email);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
      proForm(page).getByRole('button', { name: 'Notify me' }).click(),
    ]);
    await page.waitForLoadState('load');
    expect(response.status()).toBe(200);
    expect(new URL(page.url()).hash).toBe('#pro');
    // The spam check needs JavaScript (issue 8 §2): nothing is stored; the visitor is told so and keeps the e-mail.
    expect(await proForm(page).getByRole('alert').textContent()).toContain('our spam check needs JavaScript');
    expect(await proForm(page).getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByRole('form', { name: 'Try free' }).getByRole('alert').count()).toBe(0);
    expect(await leadsFor(email)).toEqual([]);
    await context.close();
  });

  it('keeps stored markup in a post inert in the RSS feed, as a feed reader parses it', async () => {
    const hostile = '<img src=x onerror=alert(1)><a href="javascript:alert(2)">Click</a><script>alert(3)</script>';
    await e2e.adminApi('POST', '/api/blog-posts', {
      title: `Feed <svg onload=alert(4)>check</svg>`,
      content: `Body ${hostile}`,
      excerpt: `Excerpt ${hostile}`,
      category: 'Security',
      isPublished: true,
    });
    const feed = await (await fetch(`${e2e.server.baseUrl}/blog/rss.xml`)).text();
    const { page, close } = await e2e.open();
    await page.goto('/');
    // XML-decode every item field once, then parse each as the HTML a reader would render: no element may appear.
    const fields = await page.evaluate((xml) => {
      const documentXml = new DOMParser().parseFromString(xml, 'application/xml');
      return Array.from(documentXml.querySelectorAll('item > *')).map((node) => {
        const html = new DOMParser().parseFromString(node.textContent ?? '', 'text/html');
        return { name: node.nodeName, text: node.textContent ?? '', elements: html.body.querySelectorAll('*').length };
      });
    }, feed);
    const item = fields.filter((field) => field.name === 'title' || field.name === 'description');
    expect(item).toContainEqual({ name: 'title', text: 'Feed check', elements: 0 });
    expect(item).toContainEqual({ name: 'description', text: 'Excerpt Clickalert(3)', elements: 0 });
    expect(fields.filter((field) => field.elements > 0)).toEqual([]);
    await close();
  });

  it('links /docs back to the site and serves the site icon at /favicon.ico', async () => {
    const icon = await fetch(`${e2e.server.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...new Uint8Array(await icon.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);

    const { page, errors, close } = await e2e.open();
    await page.goto('/docs');
    await page.getByRole('link', { name: 'Back to JotIt' }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a sign-in error beside the form, announced and focused, and keeps a resend action for an unconfirmed account', async () => {
    const email = uniqueEmail('unconfirmed');
    const password = 'unconfirmed-password';
    const signUp = await e2e.request('POST', '/api/auth/signup', { body: { email, password, captcha: await solveCaptchaOver(e2e.server.baseUrl) } });
    expect(signUp.status).toBe(201);
    await e2e.smtp.waitForMail((mail) => mail.to.includes(email) && mail.subject === 'Confirm your JotIt email address');

    const { page, errors, close } = await e2e.open(MOBILE);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await solveCaptchaWidget(page);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();

    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Please confirm your email address before signing in.');
    await expect.poll(() => alert.evaluate((element) => element === document.activeElement)).toBe(true);
    await toast(page, 'Sign In Error').waitFor();

    // The toast leaves; the resend action stays under the form and sends the link again.
    const resend = form.getByRole('button', { name: 'Resend confirmation e-mail' });
    await toast(page, 'Sign In Error').getByRole('button', { name: 'Close toast' }).click();
    await toast(page, 'Sign In Error').waitFor({ state: 'detached' });
    const [sent] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/send-confirmation-email')), resend.click()]);
    // (The server sends at most one link a minute per address; the answer is the same either way.)
    expect(sent.status()).toBe(200);
    await form.getByText(`Sent: check ${email} for a new confirmation link.`).waitFor();
    expect(await resend.isVisible()).toBe(true);
    // The refused sign-in (403) is the only failed call.
    expect(unexpectedErrors(errors, [403])).toEqual([]);
    await close();
  });
});
