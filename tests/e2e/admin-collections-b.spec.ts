/**
 * Issue 12, part B in the browser: a campaign and an affiliate product created in the admin (1280 px), the campaign's
 * landing page with a lead counted for it, /go/{id} (its 302 Location, without leaving the site), the lists at
 * 375 px as cards, and axe on /admin/campaigns, /admin/affiliates and /c/{slug}.
 */
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxe, shoot } from './admin-helpers.ts';
import { MOBILE, setUpE2e, toast, unexpectedErrors, waitForHydration } from './fixtures.ts';

const SLUG = `e2e-launch-${Date.now().toString(36)}`;
const LINK = 'https://vendor.example/standing-desk?ref=jotit';
/** Headless Chromium names itself HeadlessChrome, which isbot counts as a bot: visits and clicks need a person's. */
const PERSON = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' };

describe('campaigns and affiliate products', () => {
  const e2e = setUpE2e();

  it('creates a campaign and a product in the admin, then the landing page takes a lead and /go redirects (1280 px)', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/campaigns', { heading: 'Campaigns' });
    await page.context().setExtraHTTPHeaders(PERSON);
    // The seeded campaign is listed with its figures.
    await page.getByRole('row').filter({ hasText: 'Back to School 2026' }).waitFor();
    await expectNoSeriousAxe(page);
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const form = page.getByRole('region', { name: 'New campaign' });
    await form.getByRole('button', { name: 'Create Campaign' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByLabel('Name').fill('E2E Launch');
    await form.getByLabel('Slug').fill(SLUG);
    await form.getByLabel('Description').fill('A launch made end to end.');
    await form.getByLabel('Conversion goal').fill('Newsletter sign-ups');
    const content = page.getByRole('textbox', { name: 'Content (Markdown)' });
    await content.click();
    await page.keyboard.insertText('## Launch week\n\nAll the ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.insertText('good parts');
    await expectNoSeriousAxe(page);
    await shoot(page, 'campaign-editor-1280');
    await form.getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created successfully!').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'E2E Launch' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Goal: Newsletter sign-ups');
    await shoot(page, 'campaigns-1280');

    // Affiliate products: the dialog form, with the decimal and URL checks.
    await page.goto('/admin/affiliates');
    await page.getByRole('heading', { name: 'Affiliate Products', level: 1 }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Logitech MX Keys S' }).waitFor();
    await expectNoSeriousAxe(page);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Name').fill('Standing desk');
    await expectNoSeriousAxe(page);
    await dialog.getByLabel('Affiliate link').fill('javascript:alert(1)');
    await dialog.getByLabel('Price').fill('19.999');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText('Affiliate link must be a valid http(s) URL').waitFor();
    await dialog.getByText(/^Price must be a decimal/).waitFor();
    await dialog.getByLabel('Affiliate link').fill(LINK);
    await dialog.getByLabel('Price').fill('349.5');
    await dialog.getByLabel('Commission rate (%)').fill('7.5');
    await dialog.getByLabel('Vendor').fill('DeskCo');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product created successfully!').waitFor();
    const productRow = page.getByRole('row').filter({ hasText: 'Standing desk' });
    await productRow.waitFor();
    expect(await productRow.textContent()).toContain('$349.50');
    await shoot(page, 'affiliates-1280');
    const products = await e2e.adminApi<{ items: Array<{ id: number; name: string; clicks30d: number }> }>('GET', '/api/affiliate-products?q=Standing');
    const product = products.items[0]!;

    // /go/{id}: a 302 to the stored link, counted; the browser does not leave the site.
    const go = await page.request.get(`/go/${product.id}?url=https://evil.example`, { maxRedirects: 0 });
    expect(go.status()).toBe(302);
    expect(go.headers().location).toBe(LINK);
    await page.reload();
    await productRow.getByRole('cell').nth(3).getByText('1', { exact: true }).waitFor();

    // Deactivated from the row's toggle: /go answers the site's 404.
    await productRow.getByRole('switch', { name: 'Active: Standing desk' }).click();
    await page.getByRole('alertdialog', { name: 'Deactivate “Standing desk”?' }).getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'Standing desk is inactive').waitFor();
    expect((await page.request.get(`/go/${product.id}`, { maxRedirects: 0 })).status()).toBe(404);

    // The landing page: server-rendered content and a lead counted for the campaign, with its UTM values.
    await page.goto(`/c/${SLUG}?utm_source=e2e&utm_campaign=launch`);
    await page.getByRole('heading', { name: 'E2E Launch', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Launch week' }).waitFor();
    expect(await page.locator('strong', { hasText: 'good parts' }).count()).toBe(1);
    await waitForHydration(page);
    await expectNoSeriousAxe(page);
    await shoot(page, 'campaign-landing-1280');
    const email = `campaign.${Date.now()}@example.com`;
    const leadForm = page.getByRole('form', { name: 'Get JotIt free' });
    await leadForm.getByLabel('First name').fill('Grace');
    await leadForm.getByLabel('Email').fill(email);
    await leadForm.getByRole('button', { name: 'Email Me the Download' }).click();
    await page.getByRole('heading', { name: 'Check Your Email!' }).waitFor();
    const leads = await e2e.adminApi<{ leads: Array<Record<string, unknown>> }>('GET', `/api/leads?q=${encodeURIComponent(email)}`);
    expect(leads.leads[0]).toMatchObject({ source: `campaign:${SLUG}`, utmSource: 'e2e', utmCampaign: 'launch' });
    const campaigns = await e2e.adminApi<{ items: Array<Record<string, unknown>> }>('GET', `/api/campaigns?q=${SLUG}`);
    expect(campaigns.items[0]).toMatchObject({ visits30d: 1, leads30d: 1, conversionRate: '100.0' });
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await close();
  });

  it('lists campaigns and products as cards at 375 px, with the active toggle; an inactive campaign is a 404 page', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/campaigns', { viewport: MOBILE, heading: 'Campaigns' });
    const card = page.getByTestId('campaign-card').filter({ hasText: 'E2E Launch' });
    await card.waitFor();
    expect(await card.textContent()).toContain('100.0%');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxe(page);
    await shoot(page, 'campaigns-375');
    await card.getByRole('switch', { name: 'Active: E2E Launch' }).click();
    // Issue 26: deactivating asks first, as the products' switch does.
    await page.getByRole('alertdialog', { name: 'Deactivate “E2E Launch”?' }).getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'Campaign deactivated').waitFor();
    const landing = await page.request.get(`/c/${SLUG}`);
    expect(landing.status()).toBe(404);
    expect(await landing.text()).toContain('Oops! Page not found');

    // Delete with confirmation.
    await card.getByRole('button', { name: 'Delete E2E Launch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: /Delete/ }).click();
    await toast(page, 'Campaign deleted successfully').waitFor();
    await card.waitFor({ state: 'detached' });

    await page.goto('/admin/affiliates');
    await page.getByTestId('affiliate-card').filter({ hasText: 'Standing desk' }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxe(page);
    await shoot(page, 'affiliates-375');

    await page.goto(`/c/back-to-school`);
    await page.getByRole('heading', { name: 'Back to School 2026', level: 1 }).waitFor();
    await waitForHydration(page);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxe(page);
    await shoot(page, 'campaign-landing-375');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await close();
  });
});
