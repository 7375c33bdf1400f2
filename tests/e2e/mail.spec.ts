/**
 * Issue 24 in the browser: the admin's e-mail previews (every kind, light and dark, at 1280 and 375 px, axe clean,
 * the mail's own HTML included), and the unsubscribe page with JavaScript off — reached from the List-Unsubscribe
 * URL of a real download mail, unsubscribing and resubscribing with plain HTML forms and no cookie.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MailPreviewList } from '../../src/shared/schemas/mail-previews.ts';
import { expectNoHorizontalScroll, expectNoSeriousAxe, shoot, submitLead } from './admin-helpers.ts';
import { axeViolations, isSerious, WCAG22_AA } from './axe.ts';
import { DESKTOP } from './browser.ts';
import { chooseOption, MOBILE, setUpE2e, unexpectedErrors } from './fixtures.ts';

/**
 * axe on the admin page without the preview frame (a sandboxed frame runs no script, so axe cannot enter it); the
 * mail's own HTML is checked on its own page (`expectMailAxeClean`).
 */
async function expectNoSeriousAxeOutsideFrames(page: Page): Promise<void> {
  const serious = (await axeViolations(page, { tags: WCAG22_AA, exclude: 'iframe' })).filter(isSerious).map((violation) => violation.id);
  expect(serious).toEqual([]);
}

describe('e-mail previews and the unsubscribe page', () => {
  const e2e = setUpE2e({ smtp: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });

  /** The preview frame of the open tab, once its mail has rendered. */
  async function previewFrame(page: Page, name: RegExp): Promise<FrameLocator> {
    const frame = page.frameLocator(`iframe[title*="${name.source}"]`);
    await frame.getByText('Capture ideas in seconds').waitFor();
    return frame;
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`previews every kind in light and dark (${label} px), axe clean`, async () => {
      const { page, errors, close } = await e2e.openAsAdmin('/admin/emails?kind=invitation', { viewport, heading: 'E-mail Previews' });
      page.setDefaultTimeout(20_000);
      await page.getByText('You are invited to try JotIt').waitFor();
      const light = await previewFrame(page, /light/);
      await light.getByText('Do not send me invitations again').waitFor();
      const lightBackground = await light.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
      await expectNoSeriousAxeOutsideFrames(page);
      await shoot(page, `admin-emails-light-${label}`);

      await page.getByRole('tab', { name: 'Dark' }).click();
      const dark = await previewFrame(page, /dark/);
      const darkBackground = await dark.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
      expect(darkBackground).not.toBe(lightBackground);
      await expectNoSeriousAxeOutsideFrames(page);
      await shoot(page, `admin-emails-dark-${label}`);
      expect(new URL(page.url()).searchParams.get('view')).toBe('dark');

      // Another kind, chosen from the list: account mail says it has no unsubscribe.
      await chooseOption(page, page.getByLabel('E-mail', { exact: true }), /Password reset/, () => page.getByText('Reset your JotIt password').isVisible());
      await page.getByText('No unsubscribe (not needed)').waitFor();
      await (await previewFrame(page, /dark/)).getByRole('link', { name: 'Choose a new password' }).waitFor();
      await expectNoSeriousAxeOutsideFrames(page);
      if (viewport === MOBILE) await expectNoHorizontalScroll(page);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();

      // The mails themselves, as a client shows them at this width, light and dark: axe clean.
      const { items } = await e2e.adminApi<MailPreviewList>('GET', '/api/admin/emails');
      const mailView = await e2e.open(viewport);
      for (const item of items.filter((preview) => ['invitation', 'password-reset', 'download'].includes(preview.kind))) {
        for (const html of [item.html, item.darkHtml]) {
          await mailView.page.setContent(html);
          await expectNoSeriousAxe(mailView.page);
          await expectNoHorizontalScroll(mailView.page);
        }
      }
      await mailView.close();
    });
  }

  it('unsubscribes and resubscribes from the mail link with JavaScript off and no cookie', async () => {
    const email = `jsoff-${Date.now()}@example.com`;
    await submitLead(e2e, { firstName: 'Ada', email });
    const mail = await e2e.smtp.waitForMail((message) => message.to.includes(email), 20_000);
    const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const url = new URL(/^List-Unsubscribe: <([^>]+)>/im.exec(head)![1]!);

    const context = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl, viewport: DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${url.pathname}${url.search}`);
      await page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
      expect(await page.getByText(`Stop product updates to ${email}?`).isVisible()).toBe(true);

      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await page.getByRole('button', { name: 'Resubscribe' }).click();
      await page.getByRole('heading', { name: 'You are subscribed again' }).waitFor();
      expect(await context.cookies()).toEqual([]);

      await page.goto('/unsubscribe?t=forged.marketing.abc');
      await page.getByRole('heading', { name: 'Invalid Unsubscribe Link' }).waitFor();
    } finally {
      await context.close();
    }
    // axe needs scripts: the same server-rendered page, checked in a normal browser context.
    const { page, errors, close } = await e2e.open();
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'You are subscribed again' }).or(page.getByRole('heading', { name: 'Unsubscribe' })).waitFor();
    await expectNoSeriousAxe(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
