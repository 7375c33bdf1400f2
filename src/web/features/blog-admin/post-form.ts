/**
 * The post editor's form model, kept free of React so it is unit-tested (post-form.test.ts): the form values
 * (strings, as the inputs hold them), their conversion to and from the API's snake_case fields (spec §3), the
 * tag splitting and read-time rules of spec §5/§9, and the browser-stored draft that survives a reload.
 */
import type { AdminBlogPost, BlogAdPosition, BlogPostStatus } from '../../../shared/schemas/blog';

/** Spec §9: default read time 5 minutes; the editor proposes an estimate from the word count instead. */
export const DEFAULT_READ_TIME_MINUTES = 5;
export const WORDS_PER_MINUTE = 200;
/** Search engines cut titles and descriptions at about these lengths; the SEO tab counts against them. */
export const META_TITLE_LIMIT = 60;
export const META_DESCRIPTION_LIMIT = 160;
export const MAX_TAGS_SHOWN = 5;

export interface PostAdChoice {
  adId: number;
  position: BlogAdPosition;
}

export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImageUrl: string;
  /** The cover's alt text (issue 37 §6); sent only with a cover. */
  featuredImageAlt: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  authorName: string;
  authorBio: string;
  authorAvatarUrl: string;
  category: string;
  /** Comma-separated, as typed (spec §3: comma-separated in the form, array on send). */
  tags: string;
  /** Empty means "use the estimate from the word count". */
  readTimeMinutes: string;
  isPublished: boolean;
  isFeatured: boolean;
  /** `YYYY-MM-DD` and `HH:mm` in the browser's time zone; empty = none (now when published, spec §4). */
  publishedDate: string;
  publishedTime: string;
  ads: PostAdChoice[];
  /** Chosen related posts, in order (none: the server picks the newest of the same category). */
  relatedPostIds: string[];
}

export function emptyPostForm(defaults: { authorName: string; category: string }): PostFormValues {
  return {
    title: '',
    slug: '',
    excerpt: '',
    content: '',
    featuredImageUrl: '',
    featuredImageAlt: '',
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    authorName: defaults.authorName,
    authorBio: '',
    authorAvatarUrl: '',
    category: defaults.category,
    tags: '',
    readTimeMinutes: '',
    isPublished: false,
    isFeatured: false,
    publishedDate: '',
    publishedTime: '',
    ads: [],
    relatedPostIds: [],
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as the local `YYYY-MM-DD` and `HH:mm` the date picker and time input hold. */
export function toLocalDateTime(date: Date): { date: string; time: string } {
  return {
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** The local date and time fields as one instant, or null when no date is set (time defaults to midnight). */
export function fromLocalDateTime(date: string, time: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [hours, minutes] = /^\d{2}:\d{2}$/.test(time) ? time.split(':').map(Number) : [0, 0];
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hours, minutes);
}

export function postToForm(
  post: AdminBlogPost,
  ads: PostAdChoice[] = [],
  relatedPostIds: string[] = [],
): PostFormValues {
  const published = post.publishedAt ? toLocalDateTime(new Date(post.publishedAt)) : { date: '', time: '' };
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? '',
    content: post.content,
    featuredImageUrl: post.featuredImageUrl ?? '',
    featuredImageAlt: post.featuredImageAlt ?? '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    metaKeywords: post.metaKeywords ?? '',
    authorName: post.authorName,
    authorBio: post.authorBio ?? '',
    authorAvatarUrl: post.authorAvatarUrl ?? '',
    category: post.category,
    tags: post.tags.join(', '),
    readTimeMinutes: String(post.readTimeMinutes),
    isPublished: post.isPublished,
    isFeatured: post.isFeatured,
    publishedDate: published.date,
    publishedTime: published.time,
    ads,
    relatedPostIds,
  };
}

/** Spec §5: tags split on commas, trimmed, empties dropped (and the same tag only once, whatever its case). */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

/** The first `max` tags and how many more there are (spec §9: at most 5 tags per post, then '+N more'). */
export function visibleTags(tags: readonly string[], max = MAX_TAGS_SHOWN): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read at 200 words a minute, at least 1 (spec §5: read time ≥ 1). */
export function estimateReadTime(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}

/** The read time to send: the typed number, else the estimate from the content (spec §9 default 5 without content). */
export function effectiveReadTime(values: Pick<PostFormValues, 'readTimeMinutes' | 'content'>): number | string {
  const typed = values.readTimeMinutes.trim();
  if (typed !== '') return /^\d+$/.test(typed) ? Number(typed) : typed;
  return values.content.trim() ? estimateReadTime(values.content) : DEFAULT_READ_TIME_MINUTES;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The JSON body of POST/PATCH /api/blog-posts: snake_case fields, empty optional values as null (spec §5), and the
 * ad links and related posts, which the server saves with the post in one transaction (issue 28 §3).
 */
export function formToPayload(values: PostFormValues) {
  const publishedAt = fromLocalDateTime(values.publishedDate, values.publishedTime);
  return {
    title: values.title,
    slug: orNull(values.slug),
    excerpt: orNull(values.excerpt),
    content: values.content,
    featured_image_url: orNull(values.featuredImageUrl),
    featured_image_alt: orNull(values.featuredImageUrl) === null ? null : orNull(values.featuredImageAlt),
    meta_title: orNull(values.metaTitle),
    meta_description: orNull(values.metaDescription),
    meta_keywords: orNull(values.metaKeywords),
    author_name: values.authorName,
    author_bio: orNull(values.authorBio),
    author_avatar_url: orNull(values.authorAvatarUrl),
    category: values.category,
    tags: splitTags(values.tags),
    read_time_minutes: effectiveReadTime(values),
    is_published: values.isPublished,
    is_featured: values.isFeatured,
    published_at: publishedAt ? publishedAt.toISOString() : null,
    ad_links: values.ads.map((choice) => ({ ad_id: choice.adId, position: choice.position })),
    related_post_ids: values.relatedPostIds,
  };
}
export type PostPayload = ReturnType<typeof formToPayload>;

/** Draft (not published), Scheduled (published with a future date) or Published, as the form stands at `now`. */
export function formStatus(
  values: Pick<PostFormValues, 'isPublished' | 'publishedDate' | 'publishedTime'>,
  now = Date.now(),
) {
  if (!values.isPublished) return 'draft' as const;
  const at = fromLocalDateTime(values.publishedDate, values.publishedTime);
  return at && at.getTime() > now ? ('scheduled' as const) : ('published' as const);
}

// --- the publishing workflow (issue 26 §4) ----------------------------------------------------------------------

/**
 * What a save does to the post: the editor's buttons, each a named step (issue 37 §2). Every step that changes
 * what the public sees asks first; Save draft, and Update of a scheduled post that keeps its date, do not.
 */
export type SaveAction =
  | 'draft'
  | 'publish'
  | 'schedule'
  | 'reschedule'
  | 'publishNow'
  | 'unschedule'
  | 'update'
  | 'unpublish';
export type ConfirmedAction = Exclude<SaveAction, 'draft'>;

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (date: Date) => dateTimeFormat.format(date);

/** The post's publish date as the form holds it, when it is still to come. */
export function futureDate(values: Pick<PostFormValues, 'publishedDate' | 'publishedTime'>, now = Date.now()): Date | null {
  const at = fromLocalDateTime(values.publishedDate, values.publishedTime);
  return at && at.getTime() > now ? at : null;
}

type DateValues = Pick<PostFormValues, 'publishedDate' | 'publishedTime'>;

const sameDate = (a: DateValues, b: DateValues) =>
  fromLocalDateTime(a.publishedDate, a.publishedTime)?.getTime() === fromLocalDateTime(b.publishedDate, b.publishedTime)?.getTime();

/**
 * The step a save really takes, for the post as saved (`saved`: its values as loaded): Update of a scheduled post
 * whose date was cleared or has passed publishes it, with a new date still to come it reschedules it; Update of a
 * published post given a date still to come schedules it (it leaves /blog until then). Anything else is itself.
 */
export function stepOf(action: SaveAction, savedStatus: BlogPostStatus, values: DateValues, saved: DateValues, now = Date.now()): SaveAction {
  if (action !== 'update') return action;
  const future = futureDate(values, now);
  if (savedStatus === 'scheduled') return !future ? 'publishNow' : sameDate(values, saved) ? 'update' : 'reschedule';
  if (savedStatus === 'published' && future) return 'schedule';
  return action;
}

/** Whether a step asks first: all but Save draft and Update of a scheduled post that keeps its date. */
export const asksFirst = (step: SaveAction, savedStatus: BlogPostStatus) =>
  step !== 'draft' && !(step === 'update' && savedStatus === 'scheduled');

/**
 * The buttons beside Cancel, for the post as saved; the last one is the main button. A draft (or a new post) is
 * saved as a draft or published — scheduled instead when its date is still to come. A scheduled post is
 * unscheduled, published now, or updated (rescheduled when its date moved). A published post is unpublished or
 * updated (scheduled when it was given a date still to come).
 */
export function saveActions(savedStatus: BlogPostStatus, values: DateValues, saved: DateValues, now = Date.now()): SaveAction[] {
  if (savedStatus === 'draft') return ['draft', futureDate(values, now) ? 'schedule' : 'publish'];
  if (savedStatus === 'scheduled') {
    const update = stepOf('update', savedStatus, values, saved, now);
    return ['unschedule', 'publishNow', update === 'reschedule' ? 'reschedule' : 'update'];
  }
  return ['unpublish', stepOf('update', savedStatus, values, saved, now)];
}

export const SAVE_ACTION_LABELS: Record<SaveAction, string> = {
  draft: 'Save draft',
  publish: 'Publish',
  schedule: 'Schedule',
  reschedule: 'Reschedule',
  publishNow: 'Publish now',
  unschedule: 'Unschedule',
  update: 'Update',
  unpublish: 'Unpublish',
};

/**
 * The values to send for a step: publishing and scheduling set Published; Publish now also clears the date, so
 * the server dates it now (spec §4); a draft, Unschedule and Unpublish clear Published (the date is kept, so
 * Schedule brings it back); Update keeps the saved state.
 */
export function valuesFor(step: SaveAction, values: PostFormValues, savedIsPublished: boolean): PostFormValues {
  switch (step) {
    case 'publish':
    case 'schedule':
    case 'reschedule':
      return { ...values, isPublished: true };
    case 'publishNow':
      return { ...values, isPublished: true, publishedDate: '', publishedTime: '' };
    case 'update':
      return { ...values, isPublished: savedIsPublished };
    default:
      return { ...values, isPublished: false };
  }
}

/** The toast after a save names what was saved (never the upload's "Image uploaded"). */
export function savedMessage(step: SaveAction, values: DateValues, now = Date.now()): string {
  switch (step) {
    case 'draft':
      return 'Draft saved';
    case 'unpublish':
      return 'Post unpublished';
    case 'unschedule':
      return 'Post unscheduled';
    case 'update':
      return 'Post updated';
    case 'schedule':
    case 'reschedule': {
      const scheduled = futureDate(values, now);
      return scheduled ? `Post scheduled for ${formatDateTime(scheduled)}` : 'Post published';
    }
    default:
      return 'Post published';
  }
}

// --- the draft kept in the browser -------------------------------------------------------------------------------

export const DRAFT_STORAGE_KEY = 'jotit.blog-admin.draft';

export interface StoredDraft {
  /** The post being edited, or null for a new post. */
  postId: string | null;
  values: PostFormValues;
  savedAt: string;
  /**
   * The post's version the values were typed over (decision 0064): a draft restored after someone else saved is
   * sent with it, so its save is a 409 offering their changes, never a silent overwrite. Null for a new post.
   */
  version: number | null;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const isFormValues = (value: unknown): value is PostFormValues => {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.title === 'string' && typeof record.content === 'string' && typeof record.isPublished === 'boolean'
  );
};

/** The stored draft, or null when there is none or it is unreadable (a draft from an older form is dropped). */
export function loadDraft(storage: DraftStorage | null = browserStorage()): StoredDraft | null {
  try {
    const text = storage?.getItem(DRAFT_STORAGE_KEY);
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<StoredDraft>;
    if (!isFormValues(draft.values) || (draft.postId !== null && typeof draft.postId !== 'string')) return null;
    const values = { ...emptyPostForm({ authorName: '', category: '' }), ...draft.values };
    if (!Array.isArray(values.ads)) values.ads = [];
    if (!Array.isArray(values.relatedPostIds)) values.relatedPostIds = [];
    return {
      postId: draft.postId ?? null,
      values,
      savedAt: typeof draft.savedAt === 'string' ? draft.savedAt : '',
      version: typeof draft.version === 'number' ? draft.version : null,
    };
  } catch {
    return null;
  }
}

/** Keeps the open editor's values; a full or blocked storage only loses the draft, never the editor. */
export function saveDraft(
  { postId, version }: Pick<StoredDraft, 'postId' | 'version'>,
  values: PostFormValues,
  storage: DraftStorage | null = browserStorage(),
  now = new Date(),
) {
  try {
    storage?.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ postId, values, savedAt: now.toISOString(), version } satisfies StoredDraft),
    );
  } catch {
    // Quota exceeded or storage disabled: the editor keeps working without a draft.
  }
}

export function clearDraft(storage: DraftStorage | null = browserStorage()) {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * A cover without alt text (issue 37 §6): publishing it warns, it does not block — the picture then reads as
 * decorative (`alt=""`).
 */
export const coverLacksAlt = (values: Pick<PostFormValues, 'featuredImageUrl' | 'featuredImageAlt'>) =>
  values.featuredImageUrl.trim() !== '' && (values.featuredImageAlt ?? '').trim() === '';

/**
 * How many inline images of the Markdown have no alt text (issue 39 §4): `![](url)` or a raw `<img>` without a
 * non-empty `alt`. Publishing them warns, as a cover without alt does; the page renders them `alt=""`.
 */
export function inlineImagesLackingAlt(markdown: string): number {
  const markdownImages = [...markdown.matchAll(/!\[([^\]]*)\]\([^)]*\)/g)].filter(([, alt]) => (alt ?? '').trim() === '').length;
  const htmlImages = [...markdown.matchAll(/<img\b[^>]*>/gi)].filter(([tag]) => !/\balt\s*=\s*("[^"]*\S[^"]*"|'[^']*\S[^']*'|[^\s"'>]+)/i.test(tag)).length;
  return markdownImages + htmlImages;
}

export function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// --- validation ----------------------------------------------------------------------------------------------------

export type PostFieldErrors = Partial<Record<keyof PostFormValues, string>>;
export type EditorTab = 'content' | 'seo' | 'settings';

/** The form field of each API field (spec §3 snake_case). */
const FIELD_OF_API: Record<string, keyof PostFormValues> = {
  title: 'title',
  slug: 'slug',
  excerpt: 'excerpt',
  content: 'content',
  featured_image_url: 'featuredImageUrl',
  featured_image_alt: 'featuredImageAlt',
  meta_title: 'metaTitle',
  meta_description: 'metaDescription',
  meta_keywords: 'metaKeywords',
  author_name: 'authorName',
  author_bio: 'authorBio',
  author_avatar_url: 'authorAvatarUrl',
  category: 'category',
  tags: 'tags',
  read_time_minutes: 'readTimeMinutes',
  is_published: 'isPublished',
  is_featured: 'isFeatured',
  published_at: 'publishedDate',
  ad_links: 'ads',
  related_post_ids: 'relatedPostIds',
};

const TAB_OF_FIELD: Partial<Record<keyof PostFormValues, EditorTab>> = {
  metaTitle: 'seo',
  metaDescription: 'seo',
  metaKeywords: 'seo',
  authorName: 'settings',
  authorBio: 'settings',
  authorAvatarUrl: 'settings',
  category: 'settings',
  tags: 'settings',
  readTimeMinutes: 'settings',
  isPublished: 'settings',
  isFeatured: 'settings',
  publishedDate: 'settings',
  publishedTime: 'settings',
  ads: 'settings',
  relatedPostIds: 'settings',
};

export const tabOfField = (field: keyof PostFormValues): EditorTab => TAB_OF_FIELD[field] ?? 'content';

/**
 * Field errors from zod issues (`path`) or the server's 400 `details` (`field`), first message per field. The slug
 * conflict (409) has no details; `slugTaken` puts the server's text at the slug field.
 */
export function toFieldErrors(
  issues: readonly { path?: readonly PropertyKey[]; field?: string; message: string }[],
): PostFieldErrors {
  const errors: PostFieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path?.[0] ?? issue.field?.split('.')[0] ?? '');
    const field = FIELD_OF_API[key];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The tab holding the first field with an error, in the order the tabs show. */
export function firstErrorTab(errors: PostFieldErrors): EditorTab | null {
  const tabs = Object.keys(errors).map((field) => tabOfField(field as keyof PostFormValues));
  for (const tab of ['content', 'seo', 'settings'] as const) if (tabs.includes(tab)) return tab;
  return null;
}

/** At most this many chosen related posts (the API's limit). */
export const MAX_RELATED_POSTS = 10;

/** Spec §9: the ad card shows its content cut at 200 characters. */
export const AD_PREVIEW_LENGTH = 200;

export function adPreview(content: string, length = AD_PREVIEW_LENGTH): string {
  const text = content.trim();
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
