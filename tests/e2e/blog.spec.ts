import { describe, expect, it } from 'vitest';
import { MOBILE, setUpE2e } from './fixtures.ts';

describe('the public blog', () => {
  const e2e = setUpE2e();

  it('renders the articles on the server for crawlers', async () => {
    const html = await (await fetch(`${e2e.server.baseUrl}/blog`)).text();
    expect(html).toContain('<title>Blog - JotIt!</title>');
    expect(html).toContain('How JotIt encrypts your jots');
  });

  it('features the first article of the filtered list and omits it from the grid', async () => {
    const { page, errors, close } = await e2e.open();
    await page.goto('/blog');
    const headings = page.getByRole('heading', { level: 2 });
    const grid = page.getByRole('region', { name: 'More articles' });
    await expect.poll(() => grid.getByRole('heading', { level: 3 }).count()).toBe(5);
    const featuredTitle = await headings.first().textContent();
    expect(await grid.getByRole('link', { name: featuredTitle! }).count()).toBe(0);

    // Filtering works on the list already loaded: no request for new page data.
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url());
    });
    await page.getByRole('button', { name: 'Engineering' }).click();
    await page.waitForURL('**/blog?category=Engineering');
    // The URL can change a moment before the filter re-renders (the loader revalidates): wait for the pressed state.
    await expect.poll(() => page.getByRole('button', { name: 'Engineering' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('region', { name: 'More articles' }).getByRole('heading', { level: 3 }).count()).toBe(1);
    expect(dataRequests).toEqual([]);

    await page.getByRole('button', { name: 'Security' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'More articles' }).count()).toBe(0);
    const securityTitle = (await page.getByRole('heading', { level: 2 }).first().textContent())!;
    expect(securityTitle).toContain('encrypts');

    await page.getByRole('link', { name: securityTitle }).click();
    await page.waitForURL('**/blog/how-jotit-encrypts-jots-and-why-v2-adds-an-hmac');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(securityTitle);
    expect(await page.title()).toContain('JotIt!');
    expect(errors).toEqual([]);
    await close();
  });

  it('reads well at 375 px and answers 404 for an unknown article', async () => {
    const { page, close } = await e2e.open(MOBILE);
    await page.goto('/blog/how-jotit-encrypts-jots-and-why-v2-adds-an-hmac');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true);
    await close();
  });
});
