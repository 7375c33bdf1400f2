/**
 * What the server hands to React Router's loaders (docs/architecture.md §2): services, not HTTP, so web code never
 * imports server modules and never calls its own API over HTTP while rendering.
 */
import type { ActiveBanner } from './schemas/banners.ts';
import type { BlogCategory, PublicBlogAd, PublicBlogPost, PublicBlogPostSummary } from './schemas/blog.ts';
import type { PublicCampaign } from './schemas/campaigns.ts';
import type { PublicFaq } from './schemas/faqs.ts';
import type { HelpConfig } from './schemas/help-config.ts';
import type { PageLink, PublicPage } from './schemas/pages.ts';
import type { PublicTestimonial } from './schemas/testimonials.ts';
import type { UnsubscribeStatus } from './schemas/unsubscribe.ts';

export type { PublicFaq };

export interface WebServices {
  /** The site's public origin, for canonical URLs and Open Graph tags (no trailing slash). */
  publicUrl: string;
  /** The installer link (DOWNLOAD_URL), for JSON-LD and the download e-mail's promise. */
  downloadUrl: string;
  /** The support address (SUPPORT_EMAIL): the way in offered when a public form cannot be sent (no JavaScript). */
  supportEmail: string;
  /** Published FAQs in display order, for the /help page's HTML (SEO). */
  getPublishedFaqs(): Promise<PublicFaq[]>;
  /** Banners live now, in display order (from memory), to seed the banner strip without a layout jump. */
  getActiveBanners(): Promise<ActiveBanner[]>;
  /** The help page's tutorial video, or null for "coming soon". */
  getHelpConfig(): Promise<HelpConfig | null>;
  /** The public jot count (from memory), to seed the live counters without a layout jump; null if unknown. */
  getJotCount(): Promise<number | null>;
  /** Published blog posts, newest first. */
  listBlogPosts(): Promise<PublicBlogPostSummary[]>;
  /** One published post with its Markdown rendered to sanitised HTML, or null. */
  getBlogPost(slug: string): Promise<PublicBlogPost | null>;
  listBlogCategories(): Promise<BlogCategory[]>;
  /** A live post's active ads (at their link positions) and its related posts (chosen, else same category). */
  getBlogPostExtras(post: { id: string; category: string }): Promise<{ ads: PublicBlogAd[]; related: PublicBlogPostSummary[] }>;
  /** An active campaign's landing page by slug (a visit counted once per visitor and day, bots never), or null. */
  getCampaignLandingPage(slug: string, visitor: PageVisitor): Promise<PublicCampaign | null>;
  /** /go/{id}: an active affiliate product's stored link (a click counted once per visitor and day), or null. */
  followAffiliateProduct(id: number, visitor: PageVisitor): Promise<string | null>;
  /** Published testimonials, featured first (the home page's social proof; issue 12). */
  listTestimonials(): Promise<PublicTestimonial[]>;
  /** One published page with its Markdown rendered to sanitised HTML, or null (`/p/{slug}`). */
  getPage(slug: string): Promise<PublicPage | null>;
  /** Published pages by title (footer links). */
  listPages(): Promise<PageLink[]>;
  /** The slug of every published page: whether `/p/{slug}` is a page, asked before rendering (decision 0077). */
  listPageSlugs(): Promise<string[]>;
  /** The unsubscribe page (issue 24): the address and scope of a genuine token and whether it is stopped, else null. */
  getUnsubscribeStatus(token: string): Promise<UnsubscribeStatus | null>;
  /** The confirm-subscription page (double opt-in): whether the token is genuine. */
  isConfirmationToken(token: string): boolean;
}

/** Who asked for the page, as the server sees it (the proxy-aware address): what the counters count (decision 0021). */
export interface PageVisitor {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * A request value a shared page renders by (decision 0045): one cookie or header, and the short list of values the
 * page renders differently for (a theme: `light`, `dark`). Any other value, or none, renders as if absent.
 */
export interface PageVariance {
  source: 'cookie' | 'header';
  /** The cookie's name, or the header's name in lower case. */
  name: string;
  /** At most 8 (the page cache stores one page per value, and one for "absent"). */
  values: readonly string[];
}

/** What a shared page renders by, besides its path (the matched routes' `handle`s; decision 0060). */
export interface SharedPageReads {
  /** The query parameters it reads; any other renders the same page. */
  query: readonly string[];
  /** The page is the same at every path its route matches (the not-found page): stored once, with its status. */
  atEveryPath: boolean;
}

/**
 * What a shared page's address really is, asked before it is rendered (a route's `handle.sharedWith`; decision 0077):
 * the route's one page for an item that does not exist (`missing`: stored once, with its 404, for every such address),
 * or the page of another address (`sameAs`: a filter value that filters nothing is the unfiltered page).
 */
export type SharedPageKey = { missing: true } | { sameAs: string };

/** What `handle.sharedWith` is given: the address's route parameters, its query and the (memoized) content reads. */
export interface SharedPageQuestion {
  params: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
  services: WebServices;
}

export interface JotItLoadContext {
  /** Per-request nonce of the Content-Security-Policy, for React Router's inline scripts. */
  cspNonce: string;
  visitor: PageVisitor;
  services: WebServices;
  /** The request's body was over the pages' limit and was not read: an action answers 413 (issue 23 §1). */
  bodyTooLarge: boolean;
  /**
   * The page is the same for every anonymous visitor: the server may store it and serve it to them (decision 0014;
   * called by entry.server.tsx for routes whose `handle` says `sameForEveryone`).
   */
  sharePage(reads?: SharedPageReads): void;
  /**
   * The request's value of the cookie or header `variance` names when it is one of `variance.values`, else null
   * (render the default). A page GET is rendered without the request's Cookie and Authorization headers: reading a
   * request value through here is how a page says it renders by it, and the page cache then keeps one page per
   * listed value, keyed by that value alone (decision 0045).
   */
  varyOn(variance: PageVariance): string | null;
  /**
   * Logs an error of a loader, an action or the render through the app's logger (one JSON line, database
   * parameters left out): nothing on the server writes to the console (issue 23 §3).
   */
  reportError(error: unknown): void;
}
