import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { failureText } from './form-dialog';

describe('failureText: what a form body toasts for a save that failed with no field to sit under', () => {
  const conflict = new ApiError('A category with this name already exists', 409, undefined, null);
  const offline = new ApiError('Network error', 0, undefined, null);

  it('puts the server’s message in place of the last line', () => {
    expect(failureText('Failed to create banner', conflict)).toBe('A category with this name already exists');
    expect(failureText({ title: 'Error', description: 'Failed to create build GUID' }, conflict)).toEqual({
      title: 'Error',
      description: 'A category with this name already exists',
    });
  });

  it('keeps the screen’s own text when the server said nothing (spec §8: "server message or …")', () => {
    expect(failureText('Failed to create banner', offline)).toBe('Failed to create banner');
    expect(failureText({ title: 'Failed to save product', description: 'Please try again.' }, new Error('boom'))).toEqual({
      title: 'Failed to save product',
      description: 'Please try again.',
    });
  });
});
