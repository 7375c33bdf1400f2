/**
 * Banners, Testimonials, Affiliates and Build GUIDs & Clients on the admin kit (issue 26 §2–3), at 1280 and 375 px:
 * no screen wider than the viewport with long names and URLs in the data; every dialog (form and confirmation)
 * gives focus back to the control that opened it after Esc and after Cancel; axe finds nothing serious or critical
 * in light or dark; create, edit and delete through the kit's dialogs, with the server's field errors and the
 * shared schema's texts under their fields.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, isDark, isFocused, overflowing } from './content-helpers.ts';
import { DESKTOP, MOBILE, reviewScreenshot, setUpE2e, toast, unexpectedErrors, type Viewport } from './fixtures.ts';

/** Long words do not wrap by themselves: the worst case for a card or a cell. */
const LONG = 'Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff-Maximilian-Bartholomew';
const LONG_URL = `https://affiliate.example.com/products/${'very-long-path-segment-'.repeat(6)}?ref=jotit&campaign=${'x'.repeat(60)}`;

const NAMES = {
  banner: `Banner ${LONG}`,
  testimonial: `Ada ${LONG}`.slice(0, 100),
  product: `Desk ${LONG}`,
  buildGuid: `build-${LONG}`.slice(0, 100),
  client: `Client ${LONG}`.slice(0, 100),
};

interface Dialog {
  /** The control that opens it, on the screen. */
  opener(page: Page): Locator;
  /** The dialog, by role and name. */
  dialog(page: Page): Locator;
}

const formDialog = (opener: (page: Page) => Locator, title: string): Dialog => ({
  opener,
  dialog: (page) => page.getByRole('dialog', { name: title }),
});
const confirmDialog = (opener: (page: Page) => Locator): Dialog => ({ opener, dialog: (page) => page.getByRole('alertdialog') });
const inMain = (page: Page) => page.getByRole('main');

const SCREENS: { path: string; heading: string; longText: string; dialogs: Dialog[] }[] = [
  {
    path: '/admin/banners',
    heading: 'Site Banners',
    longText: NAMES.banner,
    dialogs: [
      formDialog((page) => inMain(page).getByRole('button', { name: 'Create Banner' }).first(), 'Create Banner'),
      formDialog((page) => inMain(page).getByRole('button', { name: `Edit ${NAMES.banner}` }), 'Edit Banner'),
      confirmDialog((page) => inMain(page).getByRole('button', { name: `Delete ${NAMES.banner}` })),
    ],
  },
  {
    path: '/admin/testimonials',
    heading: 'Testimonials',
    longText: NAMES.testimonial,
    dialogs: [
      formDialog((page) => inMain(page).getByRole('button', { name: 'Add Testimonial' }).first(), 'Add Testimonial'),
      formDialog((page) => inMain(page).getByRole('button', { name: `Edit ${NAMES.testimonial}` }), 'Edit Testimonial'),
      confirmDialog((page) => inMain(page).getByRole('button', { name: `Delete ${NAMES.testimonial}` })),
    ],
  },
  {
    path: '/admin/affiliates',
    heading: 'Affiliate Products',
    longText: NAMES.product,
    dialogs: [
      formDialog((page) => inMain(page).getByRole('button', { name: 'Add Product' }).first(), 'Add Product'),
      formDialog((page) => inMain(page).getByRole('button', { name: `Edit ${NAMES.product}` }), 'Edit Product'),
      confirmDialog((page) => inMain(page).getByRole('button', { name: `Delete ${NAMES.product}` })),
    ],
  },
  {
    path: '/admin/build-guids',
    heading: 'Build GUIDs',
    longText: NAMES.client,
    dialogs: [
      formDialog((page) => inMain(page).getByRole('button', { name: 'Add', exact: true }), 'Create Build GUID'),
      formDialog((page) => inMain(page).getByRole('button', { name: `Edit ${NAMES.buildGuid}` }), 'Edit Build GUID'),
      confirmDialog((page) => inMain(page).getByRole('button', { name: `Delete ${NAMES.buildGuid}` })),
      formDialog((page) => inMain(page).getByRole('button', { name: 'New Client' }), 'New API Client'),
      confirmDialog((page) => inMain(page).getByRole('switch', { name: `Admin rights for ${NAMES.client}` })),
      confirmDialog((page) => inMain(page).getByRole('button', { name: `Delete ${NAMES.client}` })),
    ],
  },
];

describe('admin forms on the kit: banners, testimonials, affiliates, build GUIDs and clients', () => {
  const e2e = setUpE2e();

  // One record per screen with long names and URLs, through the API (the screens are what is tested).
  beforeAll(async () => {
    await e2e.adminApi('POST', '/api/banners', { title: NAMES.banner, message: `Read ${LONG_URL} now.`, displayOrder: -100 });
    await e2e.adminApi('POST', '/api/testimonials', {
      customer_name: NAMES.testimonial,
      customer_company: LONG,
      testimonial_text: `${LONG} ${LONG_URL}`,
      rating: 5,
    });
    await e2e.adminApi('POST', '/api/affiliate-products', { name: NAMES.product, affiliate_link: LONG_URL, vendor: LONG, category: LONG.slice(0, 100) });
    await e2e.adminApi('POST', '/api/build-guids', { name: NAMES.buildGuid, value: `${LONG}-${LONG}` });
    await e2e.adminApi('POST', '/api/clients', { name: NAMES.client });
  });

  for (const viewport of [DESKTOP, MOBILE] as Viewport[]) {
    for (const screen of SCREENS) {
      it(`${screen.path} at ${viewport.width} px: fits with long data, focus back after Esc and Cancel in every dialog, axe light and dark`, async () => {
        const { page, errors, close } = await e2e.openAsAdmin(screen.path, { viewport, heading: screen.heading });
        // The table from 768 px, the cards below: the one shown.
        await inMain(page).getByText(screen.longText).filter({ visible: true }).first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${screen.path} ${(await overflowing(page)).join(' | ')}`).toBeLessThanOrEqual(viewport.width);

        for (const { opener, dialog } of screen.dialogs) {
          const control = opener(page);
          const checkedBefore = await control.getAttribute('aria-checked');
          for (const dismiss of ['Escape', 'Cancel'] as const) {
            await control.click();
            await dialog(page).waitFor();
            if (dismiss === 'Escape') await page.keyboard.press('Escape');
            else await dialog(page).getByRole('button', { name: 'Cancel' }).click();
            await dialog(page).waitFor({ state: 'detached' });
            await expect.poll(() => isFocused(control), { message: `${screen.path}: focus after ${dismiss}` }).toBe(true);
          }
          // Cancelled, a confirmation changed nothing (the admin switch is still as it was).
          expect(await control.getAttribute('aria-checked')).toBe(checkedBefore);
        }

        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect.poll(() => isDark(page)).toBe(scheme === 'dark');
          await expectNoSeriousAxeViolations(page);
          await reviewScreenshot(page, `kit-forms${screen.path.replace('/admin', '')}-${viewport.width}-${scheme}`);
        }
        expect(unexpectedErrors(errors)).toEqual([]);
        await close();
      });
    }
  }

  it('creates, edits and deletes a testimonial and an affiliate product through the kit dialogs (1280 px)', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/testimonials', { viewport: DESKTOP, heading: 'Testimonials' });
    // Testimonial: the schema's texts under their fields, the kit Select for the rating.
    await inMain(page).getByRole('button', { name: 'Add Testimonial' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await dialog.getByText('Customer name is required').waitFor();
    await dialog.getByText('Testimonial text is required').waitFor();
    expect(await dialog.getByLabel('Customer name').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Customer name').fill('Grace Kit');
    await dialog.getByRole('textbox', { name: /^Testimonial/ }).fill('The kit forms read the same everywhere.');
    await dialog.getByRole('combobox', { name: 'Rating' }).click();
    await page.getByRole('option', { name: '3 stars' }).click();
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await toast(page, 'Testimonial added').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Grace Kit' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Edit Grace Kit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Testimonial' });
    expect(await dialog.getByLabel('Customer name').inputValue()).toBe('Grace Kit');
    expect(await dialog.getByRole('combobox', { name: 'Rating' }).textContent()).toContain('3 stars');
    await dialog.getByLabel('Customer name').fill('Grace Kit Hopper');
    await dialog.getByRole('combobox', { name: 'Rating' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Testimonial updated').waitFor();
    const edited = page.getByRole('row').filter({ hasText: 'Grace Kit Hopper' });
    await edited.waitFor();
    const stored = await e2e.adminApi<{ items: { customerName: string; rating: number | null }[] }>('GET', '/api/testimonials?q=Grace');
    expect(stored.items).toEqual([expect.objectContaining({ customerName: 'Grace Kit Hopper', rating: null })]);

    // Unpublishing asks first, naming the testimonial; Cancel changes nothing and gives focus back to the switch.
    const publishSwitch = edited.getByRole('switch', { name: 'Published: Grace Kit Hopper' });
    expect(await publishSwitch.getAttribute('aria-checked')).toBe('true');
    await publishSwitch.click();
    let ask = page.getByRole('alertdialog', { name: 'Unpublish the testimonial from “Grace Kit Hopper”?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Published: Grace Kit Hopper');
    expect(await publishSwitch.getAttribute('aria-checked')).toBe('true');
    expect((await e2e.adminApi<{ items: { isPublished: boolean }[] }>('GET', '/api/testimonials?q=Grace')).items[0]?.isPublished).toBe(true);

    // The list's filter is the kit Select too: a published testimonial leaves the Unpublished list.
    await inMain(page).getByRole('combobox', { name: 'Published filter' }).click();
    await page.getByRole('option', { name: 'Unpublished' }).click();
    await edited.waitFor({ state: 'detached' });
    await inMain(page).getByRole('combobox', { name: 'Published filter' }).click();
    await page.getByRole('option', { name: 'All testimonials' }).click();
    await edited.getByRole('button', { name: 'Delete Grace Kit Hopper' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Grace Kit Hopper');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Testimonial deleted').waitFor();
    await edited.waitFor({ state: 'detached' });

    // Affiliate product: the server's field details land under their fields too.
    await page.goto('/admin/affiliates');
    await page.getByRole('heading', { level: 1, name: 'Affiliate Products' }).waitFor();
    await inMain(page).getByRole('button', { name: 'Add Product' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Name').fill('Kit lamp');
    await dialog.getByLabel('Affiliate link').fill('https://lamps.example/kit');
    await dialog.getByLabel('Price').fill('12.5');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product created successfully!').waitFor();
    const product = page.getByRole('row').filter({ hasText: 'Kit lamp' });
    expect(await product.textContent()).toContain('$12.50');

    await product.getByRole('button', { name: 'Edit Kit lamp' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Product' });
    // Refused by the server (not the form): its details go under the field.
    await page.route('**/api/affiliate-products/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Validation failed', details: [{ field: 'vendor', message: 'Vendor is not allowed here' }] }),
          })
        : route.fallback(),
    );
    await dialog.getByLabel('Vendor').fill('Refused vendor');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await dialog.getByText('Vendor is not allowed here').waitFor();
    await page.unroute('**/api/affiliate-products/*');
    await dialog.getByLabel('Vendor').fill('LampCo');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await toast(page, 'Product updated successfully!').waitFor();
    await product.getByText('LampCo').waitFor();

    // Deactivating breaks the product's link on the site: it asks first; Cancel keeps it active, Deactivate turns it off.
    const activeSwitch = product.getByRole('switch', { name: 'Active: Kit lamp' });
    await activeSwitch.click();
    ask = page.getByRole('alertdialog', { name: 'Deactivate “Kit lamp”?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await activeSwitch.getAttribute('aria-checked')).toBe('true');
    await activeSwitch.click();
    await page.getByRole('alertdialog', { name: 'Deactivate “Kit lamp”?' }).getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'Kit lamp is inactive').waitFor();
    expect(await activeSwitch.getAttribute('aria-checked')).toBe('false');
    const products = await e2e.adminApi<{ items: { name: string; isActive: boolean }[] }>('GET', '/api/affiliate-products?q=Kit%20lamp');
    expect(products.items).toEqual([expect.objectContaining({ name: 'Kit lamp', isActive: false })]);

    await product.getByRole('button', { name: 'Delete Kit lamp' }).click();
    expect(await page.getByRole('alertdialog').textContent()).toContain('Kit lamp');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Product deleted successfully').waitFor();
    await product.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors, [400])).toEqual([]);
    await close();
  });

  it('creates, edits and deletes a banner, a build GUID and an API client at 375 px; granting admin asks first', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/banners', { viewport: MOBILE, heading: 'Site Banners' });
    await inMain(page).getByRole('button', { name: 'Create Banner' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create Banner' });
    await dialog.getByLabel('Title').fill('Phone banner');
    await dialog.getByLabel('Message').fill('Made on a phone.');
    await dialog.getByRole('button', { name: /^End Date/ }).click();
    const end = page.getByRole('dialog', { name: 'End Date: pick a date and time' });
    await end.getByRole('button', { name: /^Today/ }).click();
    await end.getByRole('button', { name: 'Done' }).click();
    // The schema's date rule, under the End Date field: the start comes after it.
    await dialog.getByRole('button', { name: /^Start Date/ }).click();
    const start = page.getByRole('dialog', { name: 'Start Date: pick a date and time' });
    await start.getByRole('button', { name: /^Today/ }).click();
    await start.getByLabel('Start Date time').fill('23:59');
    await start.getByRole('button', { name: 'Done' }).click();
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    await dialog.getByText('End date must be after the start date').waitFor();
    await dialog.getByRole('button', { name: /^Start Date/ }).click();
    await start.getByRole('button', { name: 'Clear' }).click();
    await start.getByRole('button', { name: 'Done' }).click();
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    await toast(page, 'Banner created successfully').waitFor();
    const card = page.getByTestId('banner-card').filter({ has: page.getByRole('heading', { name: 'Phone banner' }) });
    await card.getByRole('button', { name: 'Edit Phone banner' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Banner' });
    await dialog.getByLabel('Title').fill('Phone banner, edited');
    await dialog.getByRole('button', { name: 'Update Banner' }).click();
    await toast(page, 'Banner updated successfully').waitFor();
    const edited = page.getByTestId('banner-card').filter({ has: page.getByRole('heading', { name: 'Phone banner, edited' }) });
    await edited.getByRole('button', { name: 'Delete Phone banner, edited' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Banner deleted successfully').waitFor();
    await edited.waitFor({ state: 'detached' });

    await page.goto('/admin/build-guids');
    await page.getByRole('heading', { level: 1, name: 'Build GUIDs' }).waitFor();
    await inMain(page).getByRole('button', { name: 'Add', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Create Build GUID' });
    await dialog.getByLabel('Name').fill('phone-build');
    await dialog.getByLabel('Value').fill('phone-secret');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Build GUID created successfully').waitFor();
    await inMain(page).getByRole('button', { name: 'Edit phone-build' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Build GUID' });
    await dialog.getByLabel('Value').fill('phone-secret-2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Build GUID updated successfully').waitFor();
    await inMain(page).getByText('phone-secret-2').filter({ visible: true }).waitFor();
    await inMain(page).getByRole('button', { name: 'Delete phone-build' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Build GUID deleted successfully').waitFor();
    await inMain(page).getByText('phone-secret-2').first().waitFor({ state: 'detached' });

    await inMain(page).getByRole('button', { name: 'New Client' }).click();
    dialog = page.getByRole('dialog', { name: 'New API Client' });
    await dialog.getByLabel('Name (optional)').fill('Phone script');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await page.getByRole('dialog', { name: 'Client Created' }).getByRole('button', { name: 'Done' }).click();
    const adminSwitch = inMain(page).getByRole('switch', { name: 'Admin rights for Phone script' });
    await adminSwitch.click();
    const grant = page.getByRole('alertdialog', { name: 'Make “Phone script” an admin client?' });
    await grant.getByRole('button', { name: 'Make admin client' }).click();
    await toast(page, 'API client updated successfully').waitFor();
    await expect.poll(() => adminSwitch.getAttribute('aria-checked')).toBe('true');
    await adminSwitch.click();
    await page.getByRole('alertdialog', { name: 'Revoke admin rights from “Phone script”?' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await adminSwitch.getAttribute('aria-checked')).toBe('true');
    await inMain(page).getByRole('button', { name: 'Delete Phone script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'API client deleted successfully').waitFor();
    await adminSwitch.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
