/**
 * The home page and lead funnel (issue 5): server-rendered SEO, the live counter and latest ideas, and the lead
 * form's success and failure screens, at 1280 px and 375 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILD_GUID } from '../../src/server/db/seed-data.ts';
import { encryptV2 } from '../../src/shared/jot-crypto.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './browser.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './server.ts';
import { signInViaApi } from './session.ts';

const VIEWPORTS = [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
] as const;

describe('home page and lead funnel', () => {
  let server: RunningServer;
  let smtp: TestSmtpServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, DOWNLOAD_URL: 'https://downloads.example.com/JotIt-Setup-e2e.exe' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** A real jot from the "desktop app": v2 envelope with the demo build's key. */
  async function sendJot(text: string) {
    const payload = encryptV2({ text, appName: 'JotApp' }, DEMO_BUILD_GUID.name, DEMO_BUILD_GUID.value);
    const response = await fetch(`${server.baseUrl}/api/v2/jots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    expect(response.status).toBe(201);
  }

  const liveCount = (page: Page) => page.locator('main [data-testid="jot-count"]');

  it('is rendered on the server with title, description, canonical and social tags, JSON-LD, and no noindex', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    const html = await response.text();
    expect(html).toContain('<title>JotIt - Capture ideas in seconds from your system tray</title>');
    expect(html).toMatch(/<meta name="description" content="JotIt saves a note from your Windows system tray[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${server.baseUrl}/"`);
    expect(html).toMatch(/<meta property="og:title" content="JotIt - Capture ideas/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary"/);
    expect(html).not.toMatch(/noindex/i);
    const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'JotIt',
      operatingSystem: 'Windows 10, Windows 11',
      offers: { price: '0' },
      downloadUrl: 'https://downloads.example.com/JotIt-Setup-e2e.exe',
    });
    // Every section of spec §2, in the first HTML.
    for (const text of [
      'Try free',
      'Too slow',
      'Too complex',
      'Idea gone',
      'Lightning fast',
      'Cloud ready',
      'Simple and secure',
      'We count ideas. We never read them.',
      'AES-256',
      '24/7',
      '99.9%',
      '&lt;100ms',
      '2024',
      '10K+',
      '5★',
      '&lt;10MB',
      'Get Instant Download',
      'Google Keep',
      'Zapier',
      'AI platforms',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<section id="download"/);
    // The live counter's first value comes with the HTML (no layout jump).
    expect(html).toMatch(/data-testid="jot-count"[^>]*>\d+(\.\d[KM])?</);
  });

  it('serves robots.txt and sitemap.xml', async () => {
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.baseUrl}/help</loc>`);
    // The demo blog posts are published.
    expect(sitemap).toMatch(new RegExp(`<loc>${server.baseUrl}/blog/[a-z0-9-]+</loc>`));
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`counts a new jot live, with a 500 ms bump, and lists it first in the latest ideas (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, server.baseUrl, viewport);
      await page.goto('/');
      const count = liveCount(page);
      const before = Number(await count.textContent());
      expect(before).toBeGreaterThan(0);
      const ideas = page.getByTestId('latest-ideas').getByRole('listitem');
      await ideas.first().waitFor();
      expect(await ideas.count()).toBe(10);
      // Spec §9 location and relative time rules.
      expect(await ideas.first().textContent()).toMatch(/(, |Unknown Location|[A-Z][a-z]+).*(just now|\d+ (minute|hour|day)s? ago)$/);
      // The compact counter sits in the navigation, hidden on tiny screens.
      expect(await page.locator('nav [data-testid="jot-count"]').isVisible()).toBe(viewport.width >= 400);

      await sendJot(`e2e jot at ${label}`);
      // Read at the moment the 500 ms flag is up: the number and its animation class together.
      const bump = await page.waitForFunction(
        () => {
          const element = document.querySelector('main [data-testid="jot-count"]');
          return element?.getAttribute('data-bumping') === 'true' ? { text: element.textContent, className: element.className } : null;
        },
        null,
        { timeout: 15_000, polling: 'raf' },
      );
      const { text, className } = (await bump.jsonValue())!;
      expect(Number(text)).toBe(before + 1);
      expect(className).toContain('animate-count-bump');
      // The flag drops after 500 ms.
      await page.locator('main [data-testid="jot-count"][data-bumping="false"]').waitFor({ timeout: 2000 });

      await expect.poll(() => ideas.first().textContent(), { timeout: 15_000 }).toMatch(/Unknown Location.*just now$/);
      expect(errors).toEqual([]);
      await close();
    });

    it(`shows 'Check Your Email!' after a lead is sent, e-mails the link, and goes back with 'Submit another email' (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, server.baseUrl, viewport);
      await page.goto('/?utm_source=e2e&utm_campaign=launch');
      const hero = page.getByRole('form', { name: 'Try free' });
      // Validation with the spec's texts, before anything is sent.
      await hero.getByRole('button', { name: 'Email Me the Download' }).click();
      await hero.getByText('First name is required').waitFor();
      expect(await hero.getByText('Valid email is required').isVisible()).toBe(true);

      const email = `lead.${viewport.width}.${Date.now()}@example.com`;
      await hero.getByLabel('First name').fill('Ada');
      await hero.getByLabel('Email').fill(email);
      await hero.getByRole('button', { name: 'Email Me the Download' }).click();
      await page.getByRole('heading', { name: 'Check Your Email!' }).waitFor();
      expect(await page.getByText(email).isVisible()).toBe(true);

      const mail = await smtp.waitForMail((message) => message.to.includes(email));
      expect(mail.subject).toBe('Your JotIt download link');
      expect(mail.text).toContain('https://downloads.example.com/JotIt-Setup-e2e.exe');

      // Stored with its source and attribution (admin view of the leads).
      const { token } = await signInViaApi(server.baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
      const leads = (await (await fetch(`${server.baseUrl}/api/leads`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        leads: Array<Record<string, unknown>>;
      };
      expect(leads.leads.find((lead) => lead.email === email)).toMatchObject({
        firstName: 'Ada',
        source: 'homepage-hero',
        utmSource: 'e2e',
        utmCampaign: 'launch',
      });

      await page.getByRole('button', { name: 'Submit another email' }).click();
      await hero.getByLabel('Email').waitFor();
      expect(await hero.getByLabel('Email').inputValue()).toBe('');
      expect(errors).toEqual([]);
      await close();
    });

    it(`shows 'Having Trouble?' when the server refuses, and 'Try again' returns to the filled form (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, server.baseUrl, viewport);
      await page.route('**/api/leads', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }));
      await page.goto('/#download');
      const cta = page.getByRole('form', { name: 'Get Instant Download' });
      await cta.getByLabel('First name').fill('Grace');
      await cta.getByLabel('Email').fill('grace@example.com');
      await cta.getByRole('button', { name: 'Get Instant Download' }).click();
      await page.getByRole('heading', { name: 'Having Trouble?' }).waitFor();
      expect(await page.getByText('Some mobile browsers block form submissions').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Try again' }).click();
      expect(await cta.getByLabel('Email').inputValue()).toBe('grace@example.com');
      // The refused request is the only error the browser reports.
      expect(errors.filter((error) => !/status of 500/.test(error))).toEqual([]);
      await close();
    });
  }

  it('takes the footer and Share It call-to-action links to the download section', async () => {
    const { page, close } = await openPage(browser, server.baseUrl);
    await page.goto('/share-it');
    await page.getByRole('link', { name: 'Download for Windows' }).click();
    await page.waitForURL(`${server.baseUrl}/#download`);
    await expect.poll(() => page.getByRole('button', { name: 'Get Instant Download' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('download')!.getBoundingClientRect().top) < 120))
      .toBe(true);
    await close();
  });
});
