/**
 * An expired staff invitation (decision 0056) on the Users screen: it says Expired (not as if pending), and Resend
 * sends a new link with the same role, which replaces it. The expired row is written before the product starts: no
 * API makes a link that is already 72 hours old.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { reviewScreenshot, setUpE2e, toast, unexpectedErrors, useSession } from './fixtures.ts';

const EXPIRED_EMAIL = 'expired.invitee@example.com';

async function writeExpiredInvitation(dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await database.sql.query(
      `insert into staff_invitations (email, role, token_hash, expires_at, created_at)
       values ($1, 'support', 'e2e-expired-invitation', now() - interval '1 day', now() - interval '4 days')`,
      [EXPIRED_EMAIL],
    );
  } finally {
    await database.close();
  }
}

describe('staff invitations: an expired one', () => {
  const e2e = setUpE2e({ smtp: true, prepareData: writeExpiredInvitation });

  it('shows it as Expired and resends a new link with the same role', async () => {
    const { page, errors, close } = await e2e.open();
    await useSession(page, e2e.adminToken);
    await page.goto('/admin/users');
    const pending = page.getByRole('region', { name: /Pending invitations/ });
    await pending.getByText(EXPIRED_EMAIL).waitFor();
    expect(await pending.getByRole('heading', { level: 2 }).textContent()).toBe('Pending invitations (1, 1 expired)');
    const row = pending.getByRole('listitem').filter({ hasText: EXPIRED_EMAIL });
    expect(await row.getByText('Expired', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(/the link no longer works/).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: `Revoke the invitation of ${EXPIRED_EMAIL}` }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE, include: '[aria-labelledby="pending-invitations-heading"]' })).toEqual([]);
    await reviewScreenshot(pending, 'invite-expired-1280-light');

    await row.getByRole('button', { name: `Resend the invitation of ${EXPIRED_EMAIL}` }).click();
    await toast(page, 'Invitation sent again').waitFor();
    const mail = await e2e.smtp.waitForMail((message) => message.to.includes(EXPIRED_EMAIL) && message.subject === 'You are invited to JotIt as Support');
    expect(mail.text).toContain('/staff-invite?token=');
    await expect.poll(() => row.getByText('Expired', { exact: true }).count()).toBe(0);
    expect(await pending.getByRole('heading', { level: 2 }).textContent()).toBe('Pending invitations (1)');
    expect(await row.getByRole('button', { name: /^Resend/ }).count()).toBe(0);
    // Its button gone, focus is on the list's heading, not lost to the page (decision 0052).
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pending-invitations-heading');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
