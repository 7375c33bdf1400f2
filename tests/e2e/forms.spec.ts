/**
 * The public forms end to end (issue 5): feedback, invitation and contact, from the browser to a real SMTP
 * server, at 1280 px and 375 px; with the spec's validation texts, success screens and toasts.
 */
import { describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { apiRequest, setUpE2e, unexpectedErrors, VIEWPORTS } from './fixtures.ts';

const SUPPORT = 'support-desk@e2e.test';

describe('public forms', () => {
  const e2e = setUpE2e({ smtp: true, env: { SUPPORT_EMAIL: SUPPORT } });

  for (const [label, viewport] of VIEWPORTS) {
    const tag = `${viewport.width}-${Date.now()}`;

    it(`sends feedback to the support inbox, says 'Thank You!' and offers 'Send More Feedback' (${label})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
      await page.goto('/feedback');
      expect(await page.title()).toBe('Feedback - JotIt!');
      const form = page.getByRole('form', { name: 'Feedback' });
      await form.getByRole('button', { name: 'Send Feedback' }).click();
      for (const text of ['Name is required', 'Valid email is required', 'Subject is required', 'Message must be at least 10 characters long']) {
        await form.getByText(text).waitFor();
      }
      await form.getByLabel('Name').fill('Ada Lovelace');
      await form.getByLabel('Email').fill('ada@example.com');
      await form.getByLabel('Subject').fill(`Tray shortcut ${tag}`);
      await form.getByLabel('Message').fill('Too short');
      await form.getByRole('button', { name: 'Send Feedback' }).click();
      await form.getByText('Message must be at least 10 characters long').waitFor();
      await form.getByLabel('Message').fill('The tray shortcut is the best part of my morning.');
      await form.getByRole('button', { name: 'Send Feedback' }).click();

      await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
      await page.getByText('Feedback Sent!').waitFor();
      expect(await page.getByText("Thank you for your feedback. We'll get back to you soon!").isVisible()).toBe(true);
      const mail = await e2e.smtp.waitForMail((message) => message.subject.includes(`Tray shortcut ${tag}`));
      expect(mail.to).toEqual([SUPPORT]);
      expect(mail.text).toContain('The tray shortcut is the best part of my morning.');

      await page.getByRole('button', { name: 'Send More Feedback' }).click();
      expect(await page.getByRole('form', { name: 'Feedback' }).getByLabel('Subject').inputValue()).toBe('');
      expect(errors).toEqual([]);
      await close();
    });

    it(`e-mails an invitation to the recipient, says 'Invitation Sent!' and resets with 'Send Another Invitation' (${label})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
      await page.goto('/share-it');
      expect(await page.title()).toBe('Share It - JotIt!');
      const form = page.getByRole('form', { name: 'Invite a friend' });
      await form.getByRole('button', { name: 'Send Invitation' }).click();
      for (const text of ['Your name is required', 'Valid email is required', 'Recipient name is required', 'Valid recipient email is required']) {
        await form.getByText(text).waitFor();
      }
      const recipient = `friend.${tag}@example.com`;
      await form.getByLabel('Your name').fill('Ada');
      await form.getByLabel('Your email').fill('ada@example.com');
      await form.getByLabel("Friend's name").fill('Charles');
      await form.getByLabel("Friend's email").fill(recipient);
      await form.getByLabel('Personal message').fill('You will love this <b>really</b>');
      await form.getByRole('button', { name: 'Send Invitation' }).click();

      await page.getByRole('heading', { name: 'Invitation Sent!' }).waitFor();
      const mail = await e2e.smtp.waitForMail((message) => message.to.includes(recipient));
      // Issue 24: no free text in the Subject; the message is quoted as plain text.
      expect(mail.subject).toBe('You are invited to try JotIt');
      expect(mail.text).toContain('Hi Charles,');
      expect(mail.text).toContain('> You will love this <b>really</b>');

      await page.getByRole('button', { name: 'Send Another Invitation' }).click();
      expect(await page.getByRole('form', { name: 'Invite a friend' }).getByLabel("Friend's email").inputValue()).toBe('');
      expect(errors).toEqual([]);
      await close();
    });

    it(`sends a contact message, toasts 'Message Sent!' and clears the form (${label})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
      await page.goto('/contact');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Get in Touch');
      const form = page.getByRole('form', { name: 'Contact us' });
      expect(await form.getByLabel('Message').getAttribute('rows')).toBe('6');
      await form.getByRole('button', { name: 'Send Message' }).click();
      for (const text of ['Full name is required', 'Valid email is required', 'Subject is required', 'Message is required']) {
        await form.getByText(text).waitFor();
      }
      await form.getByLabel('Full Name').fill('Grace Hopper');
      await form.getByLabel('Email Address').fill('grace@example.com');
      await form.getByLabel('Company').fill('Compilers Inc.');
      await form.getByLabel('Subject').fill(`Team licences ${tag}`);
      await form.getByLabel('Message').fill('We would like JotIt for 40 people.');
      await form.getByRole('button', { name: 'Send Message' }).click();

      await page.getByText('Message Sent!').waitFor();
      expect(await page.getByText("We'll get back to you within 24 hours.").isVisible()).toBe(true);
      await expect.poll(() => form.getByLabel('Full Name').inputValue()).toBe('');
      const mail = await e2e.smtp.waitForMail((message) => message.subject.includes(`Team licences ${tag}`));
      expect(mail.to).toEqual([SUPPORT]);
      expect(mail.text).toContain('Company: Compilers Inc.');
      // The sidebar's contacts (spec §2).
      for (const text of ['support@jotit.app', 'sales@jotit.app', 'Mon-Fri 9am-6pm PST', 'Enterprise', 'Nashville, TN 37219']) {
        expect(await page.getByText(text, { exact: false }).first().isVisible(), text).toBe(true);
      }
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('explains a refused invitation (per-recipient limit) in the failure toast', async () => {
    const recipient = `popular.${Date.now()}@example.com`;
    // One invitation a week per address (issue 24).
    const response = await apiRequest(e2e.server, 'POST', '/api/send-invitation-email', {
      body: {
        senderName: 'Someone',
        senderEmail: 'someone@example.com',
        recipientName: 'Popular',
        recipientEmail: recipient,
        captcha: await solveCaptchaOver(e2e.server.baseUrl),
      },
    });
    expect(response.status).toBe(200);
    const { page, errors, close } = await e2e.open();
    await page.goto('/share-it');
    const form = page.getByRole('form', { name: 'Invite a friend' });
    await form.getByLabel('Your name').fill('Ada');
    await form.getByLabel('Your email').fill('ada@example.com');
    await form.getByLabel("Friend's name").fill('Popular');
    await form.getByLabel("Friend's email").fill(recipient);
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText('Failed to send invitation. Please try again.').waitFor();
    expect(await page.getByText('already been invited this week').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Invitation Sent!' }).count()).toBe(0);
    expect(unexpectedErrors(errors, [429])).toEqual([]);
    await close();
  });
});
