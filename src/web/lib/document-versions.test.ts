/**
 * A versioned document's client rules (issue 39 §2): only a 409 that carries the server's `conflict` opens the
 * conflict dialog (a taken slug is a 409 too, and belongs under its field), and the diffs read a document's texts
 * as paragraphs, empty ones left out.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { documentText, versionConflictOf } from './document-versions';

const conflict = { savedBy: 'sam', savedAt: '2026-12-01T09:30:00.000Z', version: 4 };

describe('versionConflictOf', () => {
  it('reads who saved, when and the version now from a 409 that names them', () => {
    const error = new ApiError('sam saved this page at 2026-12-01 09:30 UTC since you opened it', 409, [], { error: '…', conflict });
    expect(versionConflictOf(error)).toEqual(conflict);
  });

  it('leaves any other refusal to the form: a taken slug, another status, a broken conflict', () => {
    expect(versionConflictOf(new ApiError('The slug "about" is already used by another page', 409, [{ field: 'slug', message: '…' }], {}))).toBeNull();
    expect(versionConflictOf(new ApiError('Page not found', 404, undefined, { conflict }))).toBeNull();
    expect(versionConflictOf(new ApiError('…', 409, undefined, { conflict: { savedBy: 'sam' } }))).toBeNull();
    expect(versionConflictOf(new Error('Network error'))).toBeNull();
  });
});

describe('documentText', () => {
  it('joins the texts as paragraphs and leaves out the empty ones', () => {
    expect(documentText('About', '## Why\n\nBecause.', null, '', undefined, 'Meta')).toBe('About\n\n## Why\n\nBecause.\n\nMeta');
  });
});
