import { describe, expect, it } from 'vitest';
import { describeEntry } from './describe-entry';

describe('audit entries in words', () => {
  it('says what a roll-up of failed sign-ins holds', () => {
    const text = describeEntry({
      action: 'user.sign_in_failed',
      details: {
        count: 500,
        hour: '2026-11-28T11:00Z',
        reasons: { unknown_email: 23, backed_off: 477 },
        countries: { DE: 480, US: 20 },
        emailHashes: Array.from({ length: 20 }, (_, n) => `h${n}`),
      },
    });
    expect(text).toBe(
      '500 failed sign-ins in the hour from 11:00 UTC (refused while the address waits 477, unknown e-mail 23), for 20 or more addresses from DE (480), US (20)',
    );
  });

  it('describes sign-ins, sign-up roll-ups, password changes and exports', () => {
    expect(describeEntry({ action: 'user.sign_in', details: { emailHash: 'x', country: 'FR' } })).toBe('Signed in from FR');
    expect(describeEntry({ action: 'user.sign_in', details: { emailHash: 'x', country: null } })).toBe('Signed in');
    expect(describeEntry({ action: 'user.signup', details: { count: 1, hour: '2026-11-28T09:00Z', countries: {} } })).toBe('1 sign-up request in the hour from 09:00 UTC');
    expect(describeEntry({ action: 'user.password_change', details: { by: 'admin' } })).toBe('Password changed by an admin');
    expect(describeEntry({ action: 'user.sign_in_unblock', details: {} })).toBe('Sign-in block lifted by an admin');
    expect(describeEntry({ action: 'user.sign_in', details: { country: 'DE', secondFactor: 'totp' } })).toBe('Signed in with an app code from DE');
    expect(describeEntry({ action: 'user.mfa_recovery_code_use', details: { recoveryCodesLeft: 1 } })).toBe('Signed in with a recovery code (1 code left)');
    expect(describeEntry({ action: 'user.mfa_reset', details: { hadFactor: true } })).toBe('Two-step sign-in reset by an admin');
    expect(describeEntry({ action: 'user.passkey_add', details: { name: 'Laptop' } })).toBe('Passkey “Laptop” added');
    expect(describeEntry({ action: 'user.passkey_rename', details: { from: 'Laptop', to: 'Work' } })).toBe('Passkey “Laptop” renamed “Work”');
    expect(describeEntry({ action: 'user.passkey_remove', details: { name: 'Work' } })).toBe('Passkey “Work” removed');
    expect(describeEntry({ action: 'user.sign_in', details: { passkey: true } })).toBe('Signed in with a passkey');
    expect(describeEntry({ action: 'user.sign_in', details: { secondFactor: 'passkey' } })).toBe('Signed in with the password and a passkey');
    expect(describeEntry({ action: 'blog_post.submit', details: { slug: 'a' } })).toBe('Submitted for review');
    expect(describeEntry({ action: 'blog_post.withdraw', details: { slug: 'a' } })).toBe('Withdrawn from review');
    expect(describeEntry({ action: 'blog_post.restore', details: { revisionId: 9, restoredFrom: 4 } })).toBe('Restored revision 4');
    expect(describeEntry({ action: 'blog_post.withdraw', details: { slug: 'a', returnedToAuthor: true } })).toBe('Returned to its author');
    expect(describeEntry({ action: 'lead.export', details: { rows: 2, complete: true, filter: { source: 'blog', sort: 'desc' } } })).toBe(
      'Exported 2 leads as CSV, filtered by source “blog”',
    );
    expect(describeEntry({ action: 'lead.export', details: { rows: 1, complete: false, filter: { ids: [4, 5] } } })).toBe(
      'Exported 1 lead as CSV, filtered by 2 chosen leads (the download stopped early)',
    );
    expect(describeEntry({ action: 'banner.create', details: null })).toBeNull();
  });
});
