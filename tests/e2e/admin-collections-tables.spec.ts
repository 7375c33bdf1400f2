/**
 * The collection screens on the kit's DataTable (issue 26 §2–3): Testimonials, Banners, Build GUIDs & Clients and
 * the blog's Ads, Categories, Tags and Analytics panels, at 1280 and 375 px. With a long name in the data nothing is
 * wider than the viewport; the testimonials' filters live in the URL and survive a reload; axe finds nothing
 * serious or critical in light and dark; a destructive row action asks first, and Cancel changes nothing and gives
 * focus back to the button that asked. The analytics table keeps Views and Likes at 375 px.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, isDark, isFocused, overflowing } from './content-helpers.ts';
import { DESKTOP, MOBILE, reviewScreenshot, setUpE2e, unexpectedErrors, type Viewport } from './fixtures.ts';

/** Long words do not wrap by themselves: the worst case for a cell or a card. */
const LONG = 'Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh-Bartholomew-Maximilian';
const NAMES = {
  testimonial: `Tess ${LONG}`.slice(0, 100),
  banner: `Notice ${LONG}`,
  buildGuid: `guid-${LONG}`.slice(0, 100),
  client: `Script ${LONG}`.slice(0, 100),
  ad: `Sponsor ${LONG}`,
  category: `Cat ${LONG}`.slice(0, 100),
  tag: `tag-${LONG}`.slice(0, 50).toLowerCase(),
  post: `Post ${LONG} ${LONG}`,
};

interface Screen {
  name: string;
  path: string;
  heading: string;
  /** The blog's tab that shows the panel. */
  tab?: string;
  /** What must show (a long name) before the checks. */
  longText: string;
  /** The destructive row action of the long-named row, and how to see that nothing changed. */
  destructive?: { opener(page: Page): Locator; isStillThere(): Promise<boolean> };
}

const inMain = (page: Page) => page.getByRole('main');
const visible = (locator: Locator) => locator.filter({ visible: true }).first();
describe('admin collection tables on the kit', () => {
  const e2e = setUpE2e();
  const has = async (path: string, predicate: (body: unknown) => boolean) => predicate(await e2e.adminApi('GET', path));
  const named = (name: string) => (items: unknown) =>
    (Array.isArray(items) ? items : ((items as { items?: unknown[] }).items ?? [])).some((item) =>
      Object.values(item as Record<string, unknown>).includes(name),
    );

  const SCREENS: Screen[] = [
    {
      name: 'testimonials',
      path: '/admin/testimonials',
      heading: 'Testimonials',
      longText: NAMES.testimonial,
      destructive: {
        opener: (page) => visible(inMain(page).getByRole('button', { name: `Delete ${NAMES.testimonial}` })),
        isStillThere: () => has('/api/testimonials?limit=100', named(NAMES.testimonial)),
      },
    },
    {
      name: 'banners',
      path: '/admin/banners',
      heading: 'Site Banners',
      longText: NAMES.banner,
      destructive: {
        opener: (page) => visible(inMain(page).getByRole('button', { name: `Delete ${NAMES.banner}` })),
        isStillThere: () => has('/api/banners', named(NAMES.banner)),
      },
    },
    {
      name: 'build-guids',
      path: '/admin/build-guids',
      heading: 'Build GUIDs',
      longText: NAMES.buildGuid,
      destructive: {
        opener: (page) => visible(inMain(page).getByRole('button', { name: `Delete ${NAMES.buildGuid}` })),
        isStillThere: () => has('/api/build-guids', named(NAMES.buildGuid)),
      },
    },
    {
      name: 'api-clients',
      path: '/admin/build-guids',
      heading: 'Build GUIDs',
      longText: NAMES.client,
      destructive: {
        opener: (page) => visible(inMain(page).getByRole('button', { name: `Delete ${NAMES.client}` })),
        isStillThere: () => has('/api/clients', named(NAMES.client)),
      },
    },
    {
      name: 'blog-ads',
      path: '/admin/blog',
      heading: 'Blog Management',
      tab: 'Ads & Monetization',
      longText: NAMES.ad,
      destructive: {
        opener: (page) => visible(inMain(page).getByRole('button', { name: `Delete ad ${NAMES.ad}` })),
        isStillThere: () => has('/api/blog-ads', named(NAMES.ad)),
      },
    },
    {
      name: 'blog-categories',
      path: '/admin/blog',
      heading: 'Blog Management',
      tab: 'Categories & Tags',
      longText: NAMES.category,
      destructive: {
        opener: (page) => visible(inMain(page).getByRole('button', { name: `Delete category ${NAMES.category}` })),
        isStillThere: () => has('/api/blog-categories', named(NAMES.category)),
      },
    },
    {
      name: 'blog-tags',
      path: '/admin/blog',
      heading: 'Blog Management',
      tab: 'Categories & Tags',
      longText: NAMES.tag,
      destructive: {
        opener: (page) => visible(inMain(page).getByRole('button', { name: `Delete tag ${NAMES.tag}` })),
        isStillThere: () => has('/api/blog-tags', named(NAMES.tag)),
      },
    },
    { name: 'blog-analytics', path: '/admin/blog', heading: 'Blog Management', tab: 'Analytics', longText: NAMES.post },
  ];

  beforeAll(async () => {
    await e2e.adminApi('POST', '/api/testimonials', { customer_name: NAMES.testimonial, customer_company: LONG, testimonial_text: `${LONG} ${LONG}`, rating: 4 });
    await e2e.adminApi('POST', '/api/testimonials', { customer_name: 'Unpublished Una', testimonial_text: 'Not yet.', is_published: false });
    await e2e.adminApi('POST', '/api/banners', { title: NAMES.banner, message: `${LONG} ${LONG}`, displayOrder: -100 });
    await e2e.adminApi('POST', '/api/build-guids', { name: NAMES.buildGuid, value: `${LONG}-${LONG}` });
    await e2e.adminApi('POST', '/api/clients', { name: NAMES.client });
    await e2e.adminApi('POST', '/api/blog-ads', { name: NAMES.ad, content: `${LONG} ${LONG}` });
    await e2e.adminApi('POST', '/api/blog-categories', { name: NAMES.category, description: LONG });
    await e2e.adminApi('POST', '/api/blog-posts', { title: NAMES.post, content: 'Body', category: 'General', tags: [NAMES.tag], is_published: true });
  });

  for (const viewport of [DESKTOP, MOBILE] as Viewport[]) {
    for (const screen of SCREENS) {
      it(`${screen.name} at ${viewport.width} px: fits with a long name, axe light and dark, a destructive action asks first and Cancel changes nothing`, async () => {
        const { page, errors, close } = await e2e.openAsAdmin(screen.path, { viewport, heading: screen.heading });
        if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
        // The table from 768 px, the cards below it (or cards at every width): the one shown.
        await visible(inMain(page).getByText(screen.longText)).waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${screen.name}: ${(await overflowing(page)).join(' | ')}`).toBeLessThanOrEqual(viewport.width);

        if (screen.destructive) {
          const control = screen.destructive.opener(page);
          await control.click();
          const confirm = page.getByRole('alertdialog');
          await confirm.waitFor();
          // It names what it deletes.
          expect(await confirm.textContent()).toMatch(/delete/i);
          await confirm.getByRole('button', { name: 'Cancel' }).click();
          await confirm.waitFor({ state: 'detached' });
          await expect.poll(() => isFocused(control), { message: `${screen.name}: focus after Cancel` }).toBe(true);
          expect(await screen.destructive.isStillThere()).toBe(true);
          await visible(inMain(page).getByText(screen.longText)).waitFor();
        }

        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect.poll(() => isDark(page)).toBe(scheme === 'dark');
          await expectNoSeriousAxeViolations(page);
          await reviewScreenshot(page, `collections-${screen.name}-${viewport.width}-${scheme}`);
        }
        expect(unexpectedErrors(errors)).toEqual([]);
        await close();
      });
    }
  }

  it('keeps the testimonials’ search and published filter in the URL: a reload shows the same view', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/testimonials', { viewport: DESKTOP, heading: 'Testimonials' });
    await visible(inMain(page).getByText(NAMES.testimonial)).waitFor();
    await inMain(page).getByRole('combobox', { name: 'Published filter' }).click();
    await page.getByRole('option', { name: 'Unpublished' }).click();
    await page.waitForURL(/[?&]published=false/);
    await visible(inMain(page).getByText('Unpublished Una')).waitFor();
    await visible(inMain(page).getByText(NAMES.testimonial)).waitFor({ state: 'detached' });
    await inMain(page).getByRole('searchbox', { name: 'Search testimonials' }).fill('Una');
    await page.waitForURL(/[?&]q=Una/);

    await page.reload();
    await page.getByRole('heading', { name: 'Testimonials', level: 1 }).waitFor();
    await visible(inMain(page).getByText('Unpublished Una')).waitFor();
    expect(await inMain(page).getByRole('searchbox', { name: 'Search testimonials' }).inputValue()).toBe('Una');
    expect(await inMain(page).getByRole('combobox', { name: 'Published filter' }).textContent()).toContain('Unpublished');
    expect(await inMain(page).getByText(NAMES.testimonial).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('shows each post’s unique visitors and likes in the analytics cards at 375 px', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { viewport: MOBILE, heading: 'Blog Management' });
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const card = visible(page.getByRole('list', { name: 'Unique visitors and likes per post' }).getByRole('listitem').filter({ hasText: NAMES.post }));
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toMatch(/Unique visitors\s*0/);
    expect(text).toMatch(/Likes\s*0/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
