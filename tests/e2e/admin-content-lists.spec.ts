/**
 * The content lists on the admin DataTable (issue 26 §2–§3): Pages, FAQ, Campaigns and Affiliates, in Chromium at
 * 1280 and 375 px. With a long title in the data: the search and the status filter go into the URL and a reload
 * shows the same view; nothing is wider than the viewport; axe finds no serious or critical violation in light and
 * dark; Delete asks first, naming the row, and Esc or Cancel change nothing and give focus back to Delete.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanInBothThemes, expectFocusOn } from './admin-helpers.ts';
import { DESKTOP, type E2e, MOBILE, setUpE2e, unexpectedErrors, type Viewport } from './fixtures.ts';

const STAMP = Date.now().toString(36);

interface ListScreen {
  name: string;
  path: string;
  heading: string;
  searchLabel: string;
  filter: { label: string; option: string; param: string };
  /** The rows' and cards' data-testid prefix. */
  testId: string;
  /** Creates an item that the filter keeps, named `title`; returns whether it is still stored. */
  create(e2e: E2e, title: string): Promise<() => Promise<boolean>>;
  deleteTitle(title: string): string;
}

const isStored = (e2e: E2e, path: string) => async () =>
  (await e2e.request('GET', path, { token: e2e.adminToken })).status === 200;

const SCREENS: ListScreen[] = [
  {
    name: 'pages',
    path: '/admin/pages',
    heading: 'Pages',
    searchLabel: 'Search pages',
    filter: { label: 'Published filter', option: 'Drafts', param: 'published=false' },
    testId: 'page',
    create: async (e2e, title) => {
      const page = await e2e.adminApi<{ id: number }>('POST', '/api/pages', { title, content: 'Body.' });
      return isStored(e2e, `/api/pages/${page.id}`);
    },
    deleteTitle: (title) => `Delete the page “${title}”?`,
  },
  {
    name: 'faq',
    path: '/admin/faq',
    heading: 'FAQ Management',
    searchLabel: 'Search FAQs',
    filter: { label: 'Published filter', option: 'Published', param: 'published=true' },
    testId: 'faq',
    create: async (e2e, title) => {
      const faq = await e2e.adminApi<{ id: number }>('POST', '/api/faqs', { question: title, answer: 'Yes.' });
      return async () =>
        (await e2e.adminApi<Array<{ id: number }>>('GET', '/api/faqs')).some((item) => item.id === faq.id);
    },
    deleteTitle: (title) => `Delete the FAQ “${title}”?`,
  },
  {
    name: 'campaigns',
    path: '/admin/campaigns',
    heading: 'Campaigns',
    searchLabel: 'Search campaigns',
    filter: { label: 'Active filter', option: 'Active', param: 'active=true' },
    testId: 'campaign',
    create: async (e2e, title) => {
      const campaign = await e2e.adminApi<{ id: number }>('POST', '/api/campaigns', { name: title });
      return isStored(e2e, `/api/campaigns/${campaign.id}`);
    },
    deleteTitle: (title) => `Delete the campaign “${title}”?`,
  },
  {
    name: 'affiliates',
    path: '/admin/affiliates',
    heading: 'Affiliate Products',
    searchLabel: 'Search products',
    filter: { label: 'Active filter', option: 'Active', param: 'active=true' },
    testId: 'affiliate',
    create: async (e2e, title) => {
      const product = await e2e.adminApi<{ id: number }>('POST', '/api/affiliate-products', {
        name: title,
        affiliate_link: 'https://shop.example/lamp',
      });
      return isStored(e2e, `/api/affiliate-products/${product.id}`);
    },
    deleteTitle: (title) => `Delete the product “${title}”?`,
  },
];

/** The unique word the search looks for, and a title with it that wraps at 1280 px and has one long unbroken word. */
const searchWord = (screen: ListScreen, viewport: Viewport) => `${screen.name}${viewport.width}${STAMP}`;
const longTitle = (word: string) =>
  `List ${word} about Capturingthoughtsfromthesystemtraywithoutbreakingyourflow and everything that follows from it`;

const row = (page: Page, screen: ListScreen, viewport: Viewport, title: string) =>
  page.getByTestId(`${screen.testId}-${viewport === MOBILE ? 'card' : 'row'}`).filter({ hasText: title });

describe('Admin content lists on the DataTable', () => {
  const e2e = setUpE2e();

  for (const viewport of [DESKTOP, MOBILE]) {
    for (const screen of SCREENS) {
      it(`${screen.name} at ${viewport.width} px: filters in the URL survive a reload, fits, axe clean, Delete asks and Cancel keeps the row`, async () => {
        const word = searchWord(screen, viewport);
        const title = longTitle(word);
        const isStillStored = await screen.create(e2e, title);

        const { page, errors, close } = await e2e.openAsAdmin(screen.path, { viewport, heading: screen.heading });
        const main = page.getByRole('main');
        await main.getByRole('searchbox', { name: screen.searchLabel }).fill(word);
        await page.waitForURL((url) => url.searchParams.get('q') === word);
        await main.getByRole('combobox', { name: screen.filter.label }).click();
        await page.getByRole('option', { name: screen.filter.option, exact: true }).click();
        await page.waitForURL((url) => url.search.includes(screen.filter.param));
        const item = row(page, screen, viewport, title);
        await item.waitFor();

        // A reload shows the same view: the search, the filter and only the matching row.
        await page.reload();
        await item.waitFor();
        expect(await main.getByRole('searchbox', { name: screen.searchLabel }).inputValue()).toBe(word);
        expect(await main.getByRole('combobox', { name: screen.filter.label }).textContent()).toBe(
          screen.filter.option,
        );
        expect(await page.getByTestId(`${screen.testId}-${viewport === MOBILE ? 'card' : 'row'}`).count()).toBe(1);
        await expectCleanInBothThemes(page, `content-list-${screen.name}-${viewport.width}`);

        // Delete asks, naming the row; Esc and Cancel keep it and give focus back to Delete.
        const deleteButton = item.getByRole('button', { name: `Delete ${title}` });
        const confirm = page.getByRole('alertdialog', { name: screen.deleteTitle(title) });
        await deleteButton.click();
        await confirm.waitFor();
        await page.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });
        await expectFocusOn(page, `Delete ${title}`);
        await deleteButton.click();
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'detached' });
        await expectFocusOn(page, `Delete ${title}`);
        await item.waitFor();
        expect(await isStillStored()).toBe(true);

        expect(unexpectedErrors(errors)).toEqual([]);
        await close();
      });
    }
  }
});
