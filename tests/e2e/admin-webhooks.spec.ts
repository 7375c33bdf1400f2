/**
 * The webhooks screen (issue 41 §2, §5) against a real receiver on 127.0.0.1: add an endpoint through the screen, see
 * its secret once, Send test event, see it delivered in the log (the UI polls), Replay it, open a delivery's attempts
 * by keyboard, Replay failed since a day ago; 375 px dark: no sideways scrolling, axe clean with the attempts open.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxe, shoot, useTheme } from './admin-helpers.ts';
import { DESKTOP, MOBILE, setUpE2e, toast, unexpectedErrors, useSession, waitForToast } from './fixtures.ts';

describe('Admin webhooks', () => {
  const e2e = setUpE2e({
    env: { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true', RATE_LIMIT_MULTIPLIER: '100' },
  });
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let receiver: Server;
  let receiverUrl = '';

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it(
    'adds an endpoint, shows its secret once, sends a test event, logs it delivered and replays it (1280)',
    { timeout: 90_000 },
    async () => {
      const { page, errors, close } = await e2e.openAsAdmin('/admin/webhooks', {
        viewport: DESKTOP,
        heading: 'Webhooks',
      });
      await page.getByText(/No webhook endpoints yet/).waitFor();

      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const sheet = page.getByRole('dialog', { name: 'Add endpoint' });
      // The shared schema's messages, under their fields.
      await sheet.getByLabel('URL').fill('not a url');
      await sheet.getByRole('button', { name: 'Add endpoint' }).click();
      await sheet.getByText('URL must be a valid https URL').waitFor();
      await sheet.getByText('Choose at least one event').waitFor();
      await sheet.getByLabel('URL').fill(receiverUrl);
      await sheet.getByLabel('Description').fill('E2E receiver');
      await sheet.getByRole('checkbox', { name: 'lead.created' }).click();
      await sheet.getByRole('checkbox', { name: 'post.published' }).click();
      await sheet.getByRole('button', { name: 'Add endpoint' }).click();

      const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
      await secretDialog.getByText(/You will not see it again/).waitFor();
      expect(await secretDialog.getByTestId('webhook-secret').inputValue()).toMatch(/^whsec_/);
      expect(await secretDialog.getByRole('button', { name: 'Copy Secret' }).isVisible()).toBe(true);
      await secretDialog.getByRole('button', { name: 'Done' }).click();
      await secretDialog.waitFor({ state: 'detached' });

      const row = page.getByTestId('webhook-row').filter({ hasText: receiverUrl });
      await row.getByText('post.published').waitFor();
      expect(await row.getByText('Enabled').isVisible()).toBe(true);
      // The secret is not on the page any more.
      expect(await page.getByTestId('webhook-secret').count()).toBe(0);

      await row.getByRole('button', { name: `Delivery log: ${receiverUrl}` }).click();
      const log = page.getByRole('dialog', { name: 'Delivery log' });
      await log.getByText(/No deliveries yet/).waitFor();
      await log.getByRole('button', { name: 'Send test event' }).click();
      await toast(page, 'Test event queued').waitFor();
      const delivered = log.locator('[data-testid="webhook-delivery"][data-status="delivered"]');
      await delivered.first().waitFor({ timeout: 30_000 });
      await delivered.first().getByText('webhook.test').waitFor();
      expect(await delivered.first().getByText('200', { exact: true }).isVisible()).toBe(true);
      expect(await delivered.first().getByText('thanks').isVisible()).toBe(true);
      expect(
        received.some(
          (request) =>
            request.headers['webhook-signature'] !== undefined && JSON.parse(request.body).type === 'webhook.test',
        ),
      ).toBe(true);

      await delivered
        .first()
        .getByRole('button', { name: /^Replay webhook\.test/ })
        .click();
      await toast(page, 'Delivery replayed').waitFor();
      await expect.poll(() => delivered.count(), { timeout: 30_000 }).toBe(2);
      // A replay keeps the event's webhook-id.
      const ids = received.map((request) => request.headers['webhook-id']);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids.at(-1)).toBe(ids.at(-2));

      // A delivery's attempts open by keyboard: when, HTTP status, duration, the answer.
      const attemptsButton = delivered.first().getByRole('button', { name: 'Attempts (1)' });
      await attemptsButton.focus();
      await page.keyboard.press('Enter');
      expect(await attemptsButton.getAttribute('aria-expanded')).toBe('true');
      const attempt = delivered.first().getByTestId('webhook-attempt');
      await attempt.getByText('Attempt 1').waitFor();
      expect(await attempt.getByText('200', { exact: true }).isVisible()).toBe(true);
      expect(await attempt.getByText('thanks').isVisible()).toBe(true);

      // Replay failed since: a delivery failed (its endpoint disabled when it was sent), the endpoint enabled again.
      const [endpoint] = await e2e.adminApi<Array<{ id: number }>>('GET', '/api/webhooks/endpoints');
      await e2e.adminApi('PATCH', `/api/webhooks/endpoints/${endpoint!.id}`, { enabled: false });
      await log.getByRole('button', { name: 'Send test event' }).click();
      await log.locator('[data-testid="webhook-delivery"][data-status="failed"]').waitFor({ timeout: 30_000 });
      await e2e.adminApi('PATCH', `/api/webhooks/endpoints/${endpoint!.id}`, { enabled: true });
      expect(await log.getByRole('button', { name: /^Replay failed since: / }).isVisible()).toBe(true);
      await shoot(page, 'admin-webhooks-attempts-1280');
      await expectNoSeriousAxe(page);
      await log.getByRole('button', { name: 'Replay failed', exact: true }).click();
      await waitForToast(page, '1 failed delivery queued again');
      await expect.poll(() => delivered.count(), { timeout: 30_000 }).toBe(3);
      await page.keyboard.press('Escape');
      await log.waitFor({ state: 'detached' });
    // The table's Last delivery column reads the same log.
      await row.getByTestId('webhook-last-delivery').getByText('delivered').waitFor();
      await shoot(page, 'admin-webhooks-1280');
      await expectNoSeriousAxe(page);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    },
  );

  it('at 375 px in dark: the endpoint as a card, no sideways scrolling, axe clean', { timeout: 60_000 }, async () => {
    const { page, context, errors, close } = await e2e.open(MOBILE);
    await useTheme(context, 'dark');
    await useSession(page, e2e.adminToken);
    await page.goto('/admin/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByTestId('webhook-card').filter({ hasText: receiverUrl }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxe(page);
    await page.getByRole('button', { name: `Delivery log: ${receiverUrl}` }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await log.getByTestId('webhook-delivery').first().waitFor();
    await log.getByRole('button', { name: /^Attempts \(/ }).first().click();
    await log.getByTestId('webhook-attempt').first().waitFor();
    await expectNoHorizontalScroll(page);
    await shoot(page, 'admin-webhooks-375-dark');
    await expectNoSeriousAxe(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
