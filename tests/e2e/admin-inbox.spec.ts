/**
 * The admin inbox (issue 10 §7): feedback and contact messages sent through the site, newest first; the unread
 * count in the admin menu; open to read whole (marks it read); Reply as mailto: with the subject; mark unread;
 * archive and find it under Archived; 375 px; axe.
 */
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxe, shoot, submitMessage } from './admin-helpers.ts';
import { MOBILE, setUpE2e, toast, unexpectedErrors } from './fixtures.ts';

describe('Admin inbox', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  const longText = `I would love a dark mode for the tray menu. ${'It matters at night. '.repeat(12)}Thanks!`;

  it('lists messages newest first, counts unread in the menu, opens, replies, marks unread and archives', async () => {
    await submitMessage(e2e, 'feedback', { name: 'Fiona Feedback', email: 'fiona@example.com', subject: 'Dark mode please', message: longText });
    await submitMessage(e2e, 'contact', { name: 'Carl Contact', email: 'carl@example.com', subject: 'Partnership & pricing', message: 'Can we talk about a team plan?' });

    const { page, errors, close } = await e2e.openAsAdmin('/admin/inbox', { heading: 'Inbox' });
    // A table from 768 px (the admin DataTable), cards below.
    const table = page.getByRole('table', { name: 'Messages' });
    await table.waitFor();
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Partnership & pricing');
    expect(await rows.nth(1).textContent()).toContain('Dark mode please');
    expect(await rows.nth(1).textContent()).toContain('fiona@example.com');

    // The admin sidebar counts the unread messages (issue 26: the admin frame's section list).
    const inboxItem = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Inbox/ });
    await expect.poll(() => inboxItem.textContent()).toBe('Inbox2 unread');
    await shoot(page, 'admin-inbox-1280');
    await expectNoSeriousAxe(page);

    // Open with the keyboard: the whole message, marked read.
    await page.getByRole('button', { name: /^Unread\. Feedback from Fiona Feedback/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Dark mode please' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('inbox-message-body').textContent()).toBe(longText);
    const reply = dialog.getByRole('link', { name: 'Reply' });
    expect(await reply.getAttribute('href')).toBe('mailto:fiona@example.com?subject=Re%3A%20Dark%20mode%20please');
    await dialog.getByRole('button', { name: 'Mark unread' }).waitFor(); // it was marked read on opening
    await shoot(page, 'admin-inbox-message-1280');
    await expectNoSeriousAxe(page);
    await dialog.getByRole('button', { name: 'Mark unread' }).click();
    await toast(page, 'Marked as unread').waitFor();
    await dialog.getByRole('button', { name: 'Mark read' }).click();
    await toast(page, 'Marked as read').waitFor();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await toast(page, 'Message archived').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => inboxItem.textContent()).toBe('Inbox1 unread');
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await expect.poll(async () => (await rows.allTextContents()).join()).toContain('Dark mode please');
    await page.getByRole('button', { name: 'Move to inbox: Dark mode please' }).click();
    await toast(page, 'Message moved to the inbox').waitFor();
    await page.getByText('No archived messages').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('at 375 px: message cards, no sideways scrolling, the drawer shows the unread count, axe clean', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/inbox', { viewport: MOBILE, heading: 'Inbox' });
    await page.getByRole('list', { name: 'Messages' }).waitFor();
    await expectNoHorizontalScroll(page);
    await shoot(page, 'admin-inbox-375');
    await expectNoSeriousAxe(page);
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const inboxLink = page.getByRole('dialog', { name: 'Admin menu' }).getByRole('link', { name: /^Inbox/ });
    await expect.poll(() => inboxLink.textContent()).toMatch(/^Inbox\d+ unread$/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('shows the error with Retry, and the empty state', async () => {
    const { page, close } = await e2e.openAsAdmin();
    let failures = 0;
    await page.route('**/api/inbox?*', async (route) => {
      if (failures < 2) {
        failures += 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' });
      } else await route.continue();
    });
    await page.goto('/admin/inbox');
    await page.getByText('Error Loading Messages').waitFor();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table', { name: 'Messages' }).waitFor();
    await page.getByRole('button', { name: 'Contact', exact: true }).click();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await page.getByText('No archived messages').waitFor();
    await close();
  });
});
