/**
 * Typing into the public forms before the page is interactive (issue 8 §1). The home page hydrates late on purpose
 * (decision 0007): a visitor who types at once, or on a slow phone, types into the server HTML while React and the
 * form's split chunk are still loading. Whatever is in the fields when the form becomes interactive is what it
 * validates and sends.
 *
 * To widen that window the browser's CPU is throttled and every script is delivered late; the page is opened
 * without waiting for hydration, and the keys are pressed as soon as the inputs exist.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { DESKTOP, launchBrowser, MOBILE } from './browser.ts';
import { isHydrated, openSlowPage } from './slow-page.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './server.ts';
import { signInViaApi } from './session.ts';

const SCRIPT_DELAY_MS = 250;
const CPU_SLOWDOWN = 6;

describe('forms typed into before hydration', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: TestSmtpServer;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchBrowser()]);
    ({ token: adminToken } = await signInViaApi(server.baseUrl, E2E_ADMIN.email, E2E_ADMIN.password));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** A page whose scripts arrive late on a slow CPU, opened without waiting for anything but the first bytes. */
  const openSlowPhone = (viewport: { width: number; height: number }) =>
    openSlowPage(browser, server.baseUrl, viewport, { cpuSlowdown: CPU_SLOWDOWN, scripts: { delayMs: SCRIPT_DELAY_MS } });


  async function storedLead(email: string) {
    const response = await fetch(`${server.baseUrl}/api/leads`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(response.status).toBe(200);
    const { leads } = (await response.json()) as { leads: Array<{ email: string; firstName: string; source: string }> };
    return leads.filter((lead) => lead.email === email);
  }

  const CASES = [
    { label: 'hero form at 1280 px', viewport: DESKTOP, form: 'Try free', submit: 'Email Me the Download', source: 'homepage-hero' },
    { label: 'download form at 375 px', viewport: MOBILE, form: 'Get Instant Download', submit: 'Get Instant Download', source: 'homepage-cta' },
  ] as const;

  for (const { label, viewport, form: formName, submit, source } of CASES) {
    it(`keeps every keystroke typed while the home page hydrates, and sends exactly that (${label})`, async () => {
      const { page, errors, hydrate, close } = await openSlowPhone(viewport);
      const email = `early.${viewport.width}.${Date.now()}@example.com`;
      await page.goto('/', { waitUntil: 'commit' });
      const form = page.getByRole('form', { name: formName });
      const firstName = form.getByLabel('First name');
      await firstName.waitFor();
      // The test is only worth something if the typing starts before React has taken over the page.
      expect(await isHydrated(page)).toBe(false);

      await firstName.pressSequentially('Ada Lovelace', { delay: 40 });
      await form.getByLabel('Email').pressSequentially(email, { delay: 40 });
      await hydrate();

      expect(await firstName.inputValue()).toBe('Ada Lovelace');
      expect(await form.getByLabel('Email').inputValue()).toBe(email);
      await form.getByRole('button', { name: submit }).click();
      await page.getByRole('heading', { name: 'Check Your Email!' }).waitFor();
      expect(await page.getByText(email).isVisible()).toBe(true);
      expect(await storedLead(email)).toEqual([expect.objectContaining({ email, firstName: 'Ada Lovelace', source })]);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('keeps a field typed in full before hydration, with no later keystroke to announce it', async () => {
    const { page, errors, hydrate, close } = await openSlowPhone(DESKTOP);
    const email = `quiet.${Date.now()}@example.com`;
    await page.goto('/', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Try free' });
    await form.getByLabel('First name').waitFor();
    expect(await isHydrated(page)).toBe(false);
    // Filled at once (as autofill or a paste would), then nothing more is typed.
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Email').fill(email);
    await hydrate();

    await form.getByRole('button', { name: 'Email Me the Download' }).click();
    await page.getByRole('heading', { name: 'Check Your Email!' }).waitFor();
    expect(await storedLead(email)).toEqual([expect.objectContaining({ email, firstName: 'Grace' })]);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps what is typed into the feedback form while its page hydrates, and sends exactly that', async () => {
    const { page, errors, hydrate, close } = await openSlowPhone(MOBILE);
    const subject = `Typed early ${Date.now()}`;
    const message = 'Every keystroke of this message was typed before the page was interactive.';
    await page.goto('/feedback', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Feedback' });
    await form.getByLabel('Name').waitFor();
    expect(await isHydrated(page)).toBe(false);

    await form.getByLabel('Name').pressSequentially('Ada Lovelace', { delay: 40 });
    await form.getByLabel('Email').pressSequentially('ada@example.com', { delay: 40 });
    await form.getByLabel('Subject').pressSequentially(subject, { delay: 40 });
    await form.getByLabel('Message').pressSequentially(message, { delay: 20 });
    await hydrate();

    await form.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    const mail = await smtp.waitForMail((candidate) => candidate.subject.includes(subject));
    expect(mail.text).toContain('Ada Lovelace');
    expect(mail.text).toContain('ada@example.com');
    expect(mail.text).toContain(message);
    expect(errors).toEqual([]);
    await close();
  });
});
