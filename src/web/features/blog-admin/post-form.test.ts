import { describe, expect, it } from 'vitest';
import {
  asksFirst,
  clearDraft,
  coverLacksAlt,
  inlineImagesLackingAlt,
  DRAFT_STORAGE_KEY,
  effectiveReadTime,
  emptyPostForm,
  estimateReadTime,
  formStatus,
  formToPayload,
  fromLocalDateTime,
  loadDraft,
  saveActions,
  savedMessage,
  saveDraft,
  splitTags,
  stepOf,
  toLocalDateTime,
  valuesFor,
  visibleTags,
} from './post-form';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const form = (overrides: Partial<ReturnType<typeof emptyPostForm>> = {}) => ({
  ...emptyPostForm({ authorName: 'JotIt Team', category: 'Engineering' }),
  ...overrides,
});

describe('splitTags (spec §5)', () => {
  it('splits on commas, trims, drops empties and repeats', () => {
    expect(splitTags(' security,  privacy ,,  ,Security, e2e ')).toEqual(['security', 'privacy', 'e2e']);
  });
  it('gives no tags for blank text', () => {
    expect(splitTags('')).toEqual([]);
    expect(splitTags(' , ,')).toEqual([]);
  });
});

describe('visibleTags (spec §9: at most 5, then +N more)', () => {
  it('shows five and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});

describe('read time', () => {
  it('estimates at 200 words a minute, rounding up, at least 1', () => {
    expect(estimateReadTime('')).toBe(1);
    expect(estimateReadTime('word '.repeat(200))).toBe(1);
    expect(estimateReadTime('word '.repeat(201))).toBe(2);
    expect(estimateReadTime(`# Title\n\n- ${'word '.repeat(599)}`)).toBe(3);
  });
  it('does not count Markdown punctuation as words', () => {
    expect(estimateReadTime(`${'# - * > '.repeat(500)} one`)).toBe(1);
  });
  it('uses the typed number, else the estimate, else the default 5 without content', () => {
    expect(effectiveReadTime({ readTimeMinutes: '7', content: 'x' })).toBe(7);
    expect(effectiveReadTime({ readTimeMinutes: '', content: 'word '.repeat(450) })).toBe(3);
    expect(effectiveReadTime({ readTimeMinutes: ' ', content: '' })).toBe(5);
    // Not a number: sent as typed so the server answers with the spec §5 text.
    expect(effectiveReadTime({ readTimeMinutes: 'abc', content: '' })).toBe('abc');
  });
});

describe('the cover alt text (issue 37 §6)', () => {
  it('is sent trimmed with a cover, and as null without one', () => {
    expect(formToPayload(form({ featuredImageUrl: '/uploads/a.png', featuredImageAlt: ' A lighthouse ' }))).toMatchObject({
      featured_image_url: '/uploads/a.png',
      featured_image_alt: 'A lighthouse',
    });
    expect(formToPayload(form({ featuredImageUrl: ' ', featuredImageAlt: 'A lighthouse' }))).toMatchObject({
      featured_image_url: null,
      featured_image_alt: null,
    });
  });
  it('is missing only when there is a cover and no text', () => {
    expect(coverLacksAlt({ featuredImageUrl: '/uploads/a.png', featuredImageAlt: '  ' })).toBe(true);
    expect(coverLacksAlt({ featuredImageUrl: '/uploads/a.png', featuredImageAlt: 'A lighthouse' })).toBe(false);
    expect(coverLacksAlt({ featuredImageUrl: '', featuredImageAlt: '' })).toBe(false);
  });
});

describe('inline images without alt text (issue 39 §4)', () => {
  it('counts Markdown images with empty alt and raw <img> tags without alt', () => {
    expect(inlineImagesLackingAlt('![A boat](/uploads/a.jpg) and ![](/uploads/b.jpg) and ![  ](c.png)')).toBe(2);
    expect(inlineImagesLackingAlt('<img src="x.png"> <img src="y.png" alt=""> <img alt="A map" src="z.png">')).toBe(2);
    expect(inlineImagesLackingAlt('![Harbour](/uploads/a.jpg)')).toBe(0);
  });
});

describe('formToPayload', () => {
  it('sends snake_case fields, tags as an array and empty optional values as null', () => {
    const payload = formToPayload(
      form({ title: 'Hello', content: 'Body text', tags: 'a, b,', excerpt: '  ', featuredImageUrl: '' }),
    );
    expect(payload).toMatchObject({
      title: 'Hello',
      content: 'Body text',
      author_name: 'JotIt Team',
      category: 'Engineering',
      tags: ['a', 'b'],
      excerpt: null,
      slug: null,
      featured_image_url: null,
      meta_title: null,
      read_time_minutes: 1,
      is_published: false,
      is_featured: false,
      published_at: null,
    });
  });
  it('sends the local date and time as an ISO instant', () => {
    const payload = formToPayload(form({ isPublished: true, publishedDate: '2031-05-04', publishedTime: '09:30' }));
    expect(payload.published_at).toBe(new Date(2031, 4, 4, 9, 30).toISOString());
  });
});

describe('dates and status', () => {
  it('round-trips a local date and time', () => {
    const at = new Date(2030, 0, 2, 3, 4);
    const { date, time } = toLocalDateTime(at);
    expect([date, time]).toEqual(['2030-01-02', '03:04']);
    expect(fromLocalDateTime(date, time)?.getTime()).toBe(at.getTime());
    expect(fromLocalDateTime('', '10:00')).toBeNull();
    expect(fromLocalDateTime('2030-01-02', '')?.getHours()).toBe(0);
  });
  it('is draft, scheduled (future date) or published', () => {
    const now = new Date(2030, 0, 1).getTime();
    expect(formStatus({ isPublished: false, publishedDate: '2031-01-01', publishedTime: '' }, now)).toBe('draft');
    expect(formStatus({ isPublished: true, publishedDate: '2031-01-01', publishedTime: '' }, now)).toBe('scheduled');
    expect(formStatus({ isPublished: true, publishedDate: '2029-01-01', publishedTime: '' }, now)).toBe('published');
    expect(formStatus({ isPublished: true, publishedDate: '', publishedTime: '' }, now)).toBe('published');
  });
});

describe('draft storage', () => {
  it('saves, loads and clears the open editor', () => {
    const storage = memoryStorage();
    const values = form({ title: 'Unsaved', content: 'Half written', ads: [{ adId: 3, position: 'top' }] });
    saveDraft({ postId: 'post-1', version: 4 }, values, storage, new Date('2030-01-01T00:00:00Z'));
    expect(loadDraft(storage)).toEqual({ postId: 'post-1', values, savedAt: '2030-01-01T00:00:00.000Z', version: 4 });
    clearDraft(storage);
    expect(loadDraft(storage)).toBeNull();
  });
  it('keeps a new post as postId null', () => {
    const storage = memoryStorage();
    saveDraft({ postId: null, version: null }, form({ title: 'New' }), storage);
    expect(loadDraft(storage)?.postId).toBeNull();
  });
  it('ignores unreadable or foreign drafts, and storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft(storage)).toBeNull();
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ postId: 5, values: { title: 1 } }));
    expect(loadDraft(storage)).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(loadDraft(throwing)).toBeNull();
    expect(() => saveDraft({ postId: null, version: null }, form(), throwing)).not.toThrow();
    expect(() => clearDraft(throwing)).not.toThrow();
  });
  it('fills fields a draft from an older form lacks', () => {
    const storage = memoryStorage();
    storage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ postId: null, values: { title: 'Old', content: 'c', isPublished: false } }),
    );
    const draft = loadDraft(storage);
    expect(draft?.values.ads).toEqual([]);
    expect(draft?.values.relatedPostIds).toEqual([]);
    expect(draft?.values.metaTitle).toBe('');
  });
});

describe('field errors', () => {
  it('maps zod paths and server details to the form fields and their tab', async () => {
    const { toFieldErrors, firstErrorTab } = await import('./post-form');
    const errors = toFieldErrors([
      { path: ['author_name'], message: 'Author name is required' },
      { field: 'read_time_minutes', message: 'Read time must be a number of at least 1 minute' },
      { path: ['author_name'], message: 'second message ignored' },
      { path: ['unknown'], message: 'ignored' },
    ]);
    expect(errors).toEqual({
      authorName: 'Author name is required',
      readTimeMinutes: 'Read time must be a number of at least 1 minute',
    });
    expect(firstErrorTab(errors)).toBe('settings');
    expect(firstErrorTab({ ...errors, metaTitle: 'x' })).toBe('seo');
    expect(firstErrorTab({ ...errors, title: 'Title is required' })).toBe('content');
    expect(firstErrorTab({})).toBeNull();
  });
});

describe('adPreview (spec §9: 200 characters)', () => {
  it('cuts longer content at 200 characters', async () => {
    const { adPreview } = await import('./post-form');
    expect(adPreview('a'.repeat(250))).toBe(`${'a'.repeat(200)}...`);
    expect(adPreview(' short ')).toBe('short');
    expect(adPreview('b'.repeat(200))).toBe('b'.repeat(200));
  });
});

describe('the publishing workflow (issue 26 §4, issue 37 §2: every change of state is a named step)', () => {
  const now = new Date(2026, 5, 1, 12, 0).getTime();
  const future = { publishedDate: '2026-06-15', publishedTime: '09:30' };
  const later = { publishedDate: '2026-07-01', publishedTime: '08:00' };
  const past = { publishedDate: '2026-05-01', publishedTime: '09:30' };
  const cleared = { publishedDate: '', publishedTime: '' };

  it('offers Save draft and Publish for a draft, Schedule when its date is still to come', () => {
    expect(saveActions('draft', form(), form(), now)).toEqual(['draft', 'publish']);
    expect(saveActions('draft', form(past), form(), now)).toEqual(['draft', 'publish']);
    expect(saveActions('draft', form(future), form(), now)).toEqual(['draft', 'schedule']);
  });

  it('offers Unschedule, Publish now and Update for a scheduled post, Reschedule when its date moved', () => {
    expect(saveActions('scheduled', form(future), form(future), now)).toEqual(['unschedule', 'publishNow', 'update']);
    expect(saveActions('scheduled', form(later), form(future), now)).toEqual(['unschedule', 'publishNow', 'reschedule']);
    expect(saveActions('scheduled', form(cleared), form(future), now)).toEqual(['unschedule', 'publishNow', 'update']);
  });

  it('offers Unpublish and Update for a published post, Schedule when it is given a date to come', () => {
    expect(saveActions('published', form(), form(), now)).toEqual(['unpublish', 'update']);
    expect(saveActions('published', form(future), form(past), now)).toEqual(['unpublish', 'schedule']);
  });

  it('turns Update of a scheduled post with its date cleared or passed into Publish now, never a silent publish', () => {
    expect(stepOf('update', 'scheduled', form(cleared), form(future), now)).toBe('publishNow');
    expect(stepOf('update', 'scheduled', form(past), form(future), now)).toBe('publishNow');
    expect(stepOf('update', 'scheduled', form(future), form(future), now)).toBe('update');
    expect(stepOf('update', 'scheduled', form(later), form(future), now)).toBe('reschedule');
    expect(stepOf('update', 'published', form(past), form(past), now)).toBe('update');
    expect(stepOf('unschedule', 'scheduled', form(cleared), form(future), now)).toBe('unschedule');
  });

  it('asks first for every step but Save draft and an Update that keeps a schedule', () => {
    const steps = ['publish', 'schedule', 'reschedule', 'publishNow', 'unschedule', 'unpublish'] as const;
    for (const step of steps) expect(asksFirst(step, 'scheduled')).toBe(true);
    expect(asksFirst('update', 'published')).toBe(true);
    expect(asksFirst('update', 'scheduled')).toBe(false);
    expect(asksFirst('draft', 'draft')).toBe(false);
  });

  it('sets Published by the step, and Update keeps what is saved', () => {
    expect(valuesFor('publish', form(), false).isPublished).toBe(true);
    expect(valuesFor('schedule', form(future), false).isPublished).toBe(true);
    expect(valuesFor('reschedule', form(later), true).isPublished).toBe(true);
    expect(valuesFor('draft', form({ isPublished: true }), true).isPublished).toBe(false);
    expect(valuesFor('unpublish', form({ isPublished: true }), true).isPublished).toBe(false);
    expect(valuesFor('unschedule', form({ isPublished: true, ...future }), true)).toMatchObject({ isPublished: false, ...future });
    expect(valuesFor('publishNow', form({ isPublished: true, ...future }), true)).toMatchObject({ isPublished: true, ...cleared });
    expect(valuesFor('update', form(), true).isPublished).toBe(true);
    expect(valuesFor('update', form({ isPublished: true }), false).isPublished).toBe(false);
  });

  it('says what was saved', () => {
    expect(savedMessage('draft', form(), now)).toBe('Draft saved');
    expect(savedMessage('publish', form(), now)).toBe('Post published');
    expect(savedMessage('publishNow', form(cleared), now)).toBe('Post published');
    expect(savedMessage('schedule', form(future), now)).toBe('Post scheduled for Jun 15, 2026, 9:30 AM');
    expect(savedMessage('reschedule', form(later), now)).toBe('Post scheduled for Jul 1, 2026, 8:00 AM');
    expect(savedMessage('update', form(future), now)).toBe('Post updated');
    expect(savedMessage('unschedule', form(future), now)).toBe('Post unscheduled');
    expect(savedMessage('unpublish', form(), now)).toBe('Post unpublished');
  });
});
