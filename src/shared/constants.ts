/** Business constants of spec §9, in the spec's words. */
export const JOT_COUNT_POLL_MS = 5000;
/** The live count stream (Server-Sent Events, issue 14); the home page falls back to polling without it. */
export const JOT_STREAM_URL = '/api/jots/stream';
export const RECENT_JOTS_POLL_MS = 5000;
export const BANNERS_REFETCH_MS = 30_000;
export const COUNT_ANIMATION_MS = 500;
export const RECENT_JOTS_LIMIT = 10;

export const PASSWORD_MIN_LENGTH = 6;
export const FEEDBACK_MESSAGE_MIN_LENGTH = 10;
export const READ_TIME_MIN_MINUTES = 1;
export const DEFAULT_READ_TIME_MINUTES = 5;
export const AD_PRIORITY_MIN = 1;

export const MOBILE_BREAKPOINT_PX = 768;

export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
export const CLOSED_BANNERS_STORAGE_KEY = 'closedBanners';
/** The lead source of the home page's Pro section ("get notified when Pro launches", issue 27 §3). */
export const PRO_WAITLIST_SOURCE = 'pro-waitlist';
/** Fired on `window` when this page changes `closedBanners` (the strip and the first-paint handler listen). */
export const CLOSED_BANNERS_CHANGE_EVENT = 'jotit:closed-banners';

export const ADMIN_QUERY_STALE_MS = 5 * 60 * 1000;
export const ADMIN_QUERY_RETRY = 1;

export const ADMIN_JOTS_PAGE_SIZE = 50;
export const JOT_PAYLOAD_PREVIEW_CHARS = 30;
export const JOT_CLIENT_ID_PREVIEW_CHARS = 50;
export const JOT_SEARCH_FIELDS = ['AppVersion', 'Plugin', 'ClientId', 'SenderCountry', 'payload'] as const;
export const BUILD_GUID_VALUE_PREVIEW_CHARS = 40;
export const AD_CONTENT_PREVIEW_CHARS = 200;
export const BLOG_MAX_TAGS_SHOWN = 5;
export const BLOG_SKELETON_CARDS = 3;
export const LIST_LIMIT_MAX = 200;

export const BANNER_DEFAULT_BACKGROUND = '#3b82f6';
export const BANNER_DEFAULT_TEXT = '#ffffff';
export const BANNER_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const BANNER_TYPE_COLORS: Record<(typeof BANNER_TYPES)[number], string> = {
  success: '#10b981',
  warning: '#f59e0b',
  error: '#ef4444',
  info: '#3b82f6',
};

export const AD_TYPES = ['banner', 'inline', 'sidebar', 'affiliate_link'] as const;
export const AD_POSITIONS = ['top', 'middle', 'bottom', 'sidebar'] as const;

export const LEGAL_EFFECTIVE_DATE = 'July 11, 2025';
export const GOVERNING_LAW_STATE = 'Tennessee';

/** The public blog's filters (spec §2): All plus these five categories. */
export const PUBLIC_BLOG_CATEGORIES = ['Security', 'Engineering', 'Development', 'Infrastructure', 'Industry'] as const;

/**
 * The `localStorage` key whose value `'1'` turns the analytics beacon off in this browser (the privacy page's
 * opt-out; issue 40). Here, not beside the analytics schemas: every page's beacon reads it, and importing those
 * schemas into the root's graph built zod schemas before `lib/zod-jitless.ts` ran (a CSP eval violation on /login).
 */
export const ANALYTICS_OPT_OUT_KEY = 'jotit_analytics_opt_out';
