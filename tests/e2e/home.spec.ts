/**
 * The home page and lead funnel (issue 5): server-rendered SEO, the live counter and latest ideas, and the lead
 * form's success and failure screens, at 1280 px and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendJotV2, setUpE2e, VIEWPORTS } from './fixtures.ts';

describe('home page and lead funnel', () => {
  const e2e = setUpE2e({ smtp: true, env: { DOWNLOAD_URL: 'https://downloads.example.com/JotIt-Setup-e2e.exe' } });
  /** A real jot from the "desktop app": v2 envelope with the demo build's key. */
  const sendJot = (text: string) => sendJotV2(e2e.server, { text, appName: 'JotApp' });

  const liveCount = (page: Page) => page.locator('main [data-testid="jot-count"]');
  /** The live dots' rings that are playing, and every animation of the page set to play forever. */
  const motion = (page: Page) =>
    page.evaluate(() => ({
      ringing: [...document.querySelectorAll('[data-testid="live-ring"]')].flatMap((ring) => ring.getAnimations()).filter((animation) => animation.playState === 'running').length,
      endless: document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations === Infinity).length,
    }));

  it('is rendered on the server with title, description, canonical and social tags, JSON-LD, and no noindex', async () => {
    const response = await fetch(`${e2e.server.baseUrl}/`);
    const html = await response.text();
    expect(html).toContain('<title>JotIt - Capture ideas in seconds from your system tray</title>');
    expect(html).toMatch(/<meta name="description" content="JotIt saves a note from your Windows system tray[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${e2e.server.baseUrl}/"`);
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
    const robots = await (await fetch(`${e2e.server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${e2e.server.baseUrl}/sitemap.xml`);
    const sitemap = await (await fetch(`${e2e.server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${e2e.server.baseUrl}/help</loc>`);
    // The demo blog posts are published.
    expect(sitemap).toMatch(new RegExp(`<loc>${e2e.server.baseUrl}/blog/[a-z0-9-]+</loc>`));
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`counts a new jot live, with a 500 ms bump, and lists it first in the latest ideas (${label})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
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

      // The live dot rings three times for the first count, then rests: nothing on the page plays forever.
      await expect.poll(() => motion(page), { timeout: 10_000 }).toEqual({ ringing: 0, endless: 0 });

      await sendJot(`e2e jot at ${label}`);
      // Read at the moment the 500 ms flag is up: the number, its animation class, and the ring playing again.
      const bump = await page.waitForFunction(
        () => {
          const element = document.querySelector('main [data-testid="jot-count"]');
          const ringing = document.querySelector('main [data-testid="live-ring"]')?.getAnimations().some((animation) => animation.playState === 'running');
          return element?.getAttribute('data-bumping') === 'true' ? { text: element.textContent, className: element.className, ringing } : null;
        },
        null,
        { timeout: 15_000, polling: 'raf' },
      );
      const { text, className, ringing } = (await bump.jsonValue())!;
      expect(Number(text)).toBe(before + 1);
      expect(className).toContain('animate-count-bump');
      expect(ringing).toBe(true);
      // The flag drops after 500 ms.
      await page.locator('main [data-testid="jot-count"][data-bumping="false"]').waitFor({ timeout: 2000 });

      await expect.poll(() => ideas.first().textContent(), { timeout: 15_000 }).toMatch(/Unknown Location.*just now$/);
      expect(errors).toEqual([]);
      await close();
    });

    it(`shows 'Check Your Email!' after a lead is sent, e-mails the link, and goes back with 'Submit another email' (${label})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
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

      const mail = await e2e.smtp.waitForMail((message) => message.to.includes(email));
      expect(mail.subject).toBe('Your JotIt download link');
      // The site's counted link (`/download`, decision 0068), carrying the lead's UTM values.
      expect(mail.text).toContain('/download?utm_source=e2e&utm_campaign=launch');

      // Stored with its source and attribution (admin view of the leads).
      const leads = await e2e.adminApi<{ leads: Array<Record<string, unknown>> }>('GET', '/api/leads');
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
      const { page, errors, close } = await e2e.open(viewport);
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
      // The refusal this test answered itself is the only error the browser reports.
      expect(errors.filter((error) => !(error.includes('status of 500') && error.includes('/api/leads')))).toEqual([]);
      await close();
    });
  }

  it('takes the footer and Share It call-to-action links to the download section', async () => {
    const { page, close } = await e2e.open();
    await page.goto('/share-it');
    await page.getByRole('link', { name: 'Download for Windows' }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/#download`);
    await expect.poll(() => page.getByRole('button', { name: 'Get Instant Download' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('download')!.getBoundingClientRect().top) < 120))
      .toBe(true);
    await close();
  });
});
