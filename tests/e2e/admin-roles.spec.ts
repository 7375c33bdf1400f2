/**
 * Staff roles in the admin (issue 36 §3, decision 0050), at 1280 px in light and 375 px in dark: an editor's
 * sidebar, drawer and ⌘K hold the content screens and no Leads or Users; a screen opened by URL that the role lacks
 * says "You don't have access to …" rather than breaking; support sees Leads, Inbox and Users and no Blog; the
 * dashboard shows a role's own areas. An author submits a draft for review and an editor finds it first, with its
 * badge, and publishes it (decision 0058). Axe finds nothing serious or critical on these screens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/permissions.ts';
import { useTheme } from './admin-helpers.ts';
import { axeViolations, isSerious, WCAG22_AA } from './axe.ts';
import { DESKTOP, MOBILE, reviewScreenshot, setUpE2e, signInViaApi, toast, uniqueEmail, unexpectedErrors, useSession, type Viewport } from './fixtures.ts';

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

describe('staff roles in the admin', () => {
  const e2e = setUpE2e();

  /** A staff member made by the admin through the API, signed in: their token. */
  async function staffToken(role: Role): Promise<string> {
    const email = uniqueEmail(role);
    const password = `${role}-password`;
    await e2e.adminApi('POST', '/api/users', { username: email.split('@')[0]!.replace(/\./g, '-'), email, password, role, isApproved: true });
    return (await signInViaApi(e2e.server.baseUrl, email, password)).token;
  }

  /** The section names in the sidebar (a drawer at 375 px, closed again after reading). */
  async function sectionNames(page: Page, viewport: Viewport): Promise<string[]> {
    if (viewport === MOBILE) {
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await page.getByRole('dialog', { name: 'Admin menu' }).waitFor();
    }
    await adminNav(page).getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    const names = (await adminNav(page).getByRole('link').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
    if (viewport === MOBILE) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Admin menu' }).waitFor({ state: 'detached' });
    }
    return names;
  }

  async function seriousAxeFindings(page: Page): Promise<string[]> {
    return (await axeViolations(page, { tags: WCAG22_AA })).filter(isSerious).map((violation) => `${violation.id}: ${violation.help}`);
  }

  for (const [viewport, theme] of [
    [DESKTOP, 'light'],
    [MOBILE, 'dark'],
  ] as const) {
    it(`gives an editor the content screens only, and says so on a screen it lacks (${viewport.width} px, ${theme})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
      await useTheme(page.context(), theme);
      await useSession(page, await staffToken('editor'));
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

      const names = await sectionNames(page, viewport);
      expect(names).toEqual(expect.arrayContaining(['Dashboard', 'Blog', 'Pages', 'FAQ & Help', 'Testimonials', 'Banners', 'Campaigns']));
      for (const hidden of ['Leads', 'Inbox', 'Users', 'Jots', 'Audit log', 'Build GUIDs & Clients', 'E-mail previews', 'Webhooks']) {
        expect(names, hidden).not.toContain(hidden);
      }
      // The dashboard's cards are the editor's own areas, without the site-wide figures.
      await page.getByTestId('dashboard-card-blog').waitFor();
      expect(await page.getByTestId('dashboard-card-leads').count()).toBe(0);
      await reviewScreenshot(page, `roles-editor-dashboard-${viewport.width}-${theme}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // ⌘K offers no section the role lacks.
      if (viewport === DESKTOP) {
        await page.keyboard.press('Control+k');
        await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('cmdk-input'))).toBe(true);
        await page.keyboard.type('Leads');
        await page.getByText('No section or record matches.').waitFor();
        await page.keyboard.press('Escape');
      }

      // Opened by URL: a clear refusal in the frame, with the way back.
      await page.goto('/admin/leads');
      await page.getByRole('heading', { name: "You don't have access to Leads", level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to the dashboard' }).isVisible()).toBe(true);
      await reviewScreenshot(page, `roles-editor-no-access-${viewport.width}-${theme}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  it('gives support Leads, Inbox and Users, and no Blog', async () => {
    const { page, errors, close } = await e2e.open(DESKTOP);
    await useSession(page, await staffToken('support'));
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    const names = await sectionNames(page, DESKTOP);
    expect(names).toEqual(expect.arrayContaining(['Dashboard', 'Leads', 'Inbox', 'Users']));
    expect(names).not.toContain('Blog');
    await adminNav(page).getByRole('link', { name: /^Leads/ }).click();
    await page.getByRole('heading', { name: 'Leads Management', level: 1 }).waitFor();
    await page.goto('/admin/blog');
    await page.getByRole('heading', { name: "You don't have access to Blog", level: 1 }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('an author submits a draft for review; an editor sees it first with its badge and publishes it', async () => {
    const authorToken = await staffToken('author');
    const title = `Review post ${Date.now().toString(36)}`;
    const created = await e2e.request('POST', '/api/blog-posts', { body: { title, content: 'Body.', category: 'General' }, token: authorToken });
    expect(created.status).toBe(201);
    // A newer plain draft: date order alone would list it above the submitted one.
    await e2e.adminApi('POST', '/api/blog-posts', { title: `Newer plain draft ${title}`, content: 'Body.', category: 'General' });
    const postsList = (page: Page) => page.getByRole('list', { name: 'Blog posts' });

    const author = await e2e.open(DESKTOP);
    await useSession(author.page, authorToken);
    await author.page.goto('/admin/blog');
    await postsList(author.page).getByRole('button', { name: `Edit ${title}` }).click();
    await author.page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    const authorHeader = author.page.getByRole('group', { name: 'Edit post' });
    await authorHeader.getByRole('button', { name: 'Submit for review' }).click();
    await toast(author.page, 'Submitted for review').waitFor();
    await postsList(author.page).getByRole('listitem').filter({ hasText: title }).getByText('Submitted', { exact: true }).waitFor();
    expect(await authorHeader.count()).toBe(0);
    expect(unexpectedErrors(author.errors)).toEqual([]);
    await author.close();

    const { page, errors, close } = await e2e.open(DESKTOP);
    await useSession(page, await staffToken('editor'));
    await page.goto('/admin/blog');
    const first = postsList(page).getByRole('listitem').first();
    await first.getByText('Submitted for review', { exact: true }).waitFor();
    expect(await first.getByRole('heading', { level: 3 }).innerText()).toBe(title);
    await first.getByRole('button', { name: `Return ${title} to author` }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    await first.getByRole('button', { name: `Edit ${title}` }).click();
    const header = page.getByRole('group', { name: 'Edit post' });
    await header.getByText('Submitted for review', { exact: true }).waitFor();
    await header.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('alertdialog', { name: `Publish "${title}"?` }).getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Post published').waitFor();
    const published = postsList(page).getByRole('listitem').filter({ hasText: title }).filter({ hasNotText: 'Newer plain draft' });
    await published.getByText('Published', { exact: true }).waitFor();
    expect(await published.getByText('Submitted for review').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
