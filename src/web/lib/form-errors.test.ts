import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { applyServerFieldErrors, serverFieldErrors } from './form-errors';

const refused = (details: unknown) => new ApiError('Invalid request', 400, details);

describe('server field errors on a form', () => {
  it('maps details onto the fields the form has, first message per field', () => {
    const error = refused([
      { field: 'email', message: 'A user with this email already exists' },
      { field: 'email', message: 'second message for email' },
      { field: 'username', message: 'Username is too long' },
      { field: 'notOnTheForm', message: 'ignored' },
      { field: '', message: 'whole body: left to the toast' },
    ]);
    expect(serverFieldErrors(error, ['email', 'username', 'password'])).toEqual([
      { field: 'email', message: 'A user with this email already exists' },
      { field: 'username', message: 'Username is too long' },
    ]);
  });

  it('reads nested paths as the server writes them (dotted)', () => {
    expect(serverFieldErrors(refused([{ field: 'links.0.url', message: 'Invalid URL' }]), ['links.0.url'])).toEqual([
      { field: 'links.0.url', message: 'Invalid URL' },
    ]);
  });

  it('finds nothing in other errors or malformed details', () => {
    expect(serverFieldErrors(new Error('network'), ['email'])).toEqual([]);
    expect(serverFieldErrors(refused(undefined), ['email'])).toEqual([]);
    expect(serverFieldErrors(refused({ field: 'email', message: 'not an array' }), ['email'])).toEqual([]);
    expect(serverFieldErrors(refused([null, 'text', { field: 'email' }, { field: 'email', message: 3 }]), ['email'])).toEqual([]);
  });

  it('sets each problem on the form and focuses the first', () => {
    const calls: Array<[string, string, boolean | undefined]> = [];
    const setError = (field: string, error: { message: string }, options?: { shouldFocus?: boolean }) =>
      calls.push([field, error.message, options?.shouldFocus]);
    const error = refused([
      { field: 'username', message: 'Taken' },
      { field: 'email', message: 'Invalid email' },
    ]);
    expect(applyServerFieldErrors(error, ['email', 'username'], setError)).toBe(true);
    expect(calls).toEqual([
      ['username', 'Taken', true],
      ['email', 'Invalid email', false],
    ]);
    expect(applyServerFieldErrors(new Error('offline'), ['email'], setError)).toBe(false);
  });
});
