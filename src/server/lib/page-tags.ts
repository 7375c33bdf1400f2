/**
 * What each service of the pages' load context (shared/load-context.ts) reads, as content tags
 * (lib/content-events.ts): a render records the tags of every read its loaders made, the page cache keeps them with
 * the page, and a committed change drops exactly the pages carrying its tag (issue 28 §2). Declared once per
 * service, so a loader tags its page by reading content, and a new service cannot be added without its tags.
 */
import type { WebServices } from '../../shared/load-context.ts';
import type { ContentTag } from './content-events.ts';

export type ServiceName = {
  [Name in keyof WebServices]: WebServices[Name] extends (...args: never[]) => unknown ? Name : never;
}[keyof WebServices];

type Service<Name extends ServiceName> = WebServices[Name] extends (...args: infer Args) => infer Result
  ? { args: Args; result: Awaited<Result> }
  : never;

/** Fixed tags, or the tags of one read's result (an item read names the item it found). */
type TagRule<Name extends ServiceName> =
  | readonly ContentTag[]
  | ((result: Service<Name>['result'], ...args: Service<Name>['args']) => readonly ContentTag[]);

const SERVICE_TAGS: { [Name in ServiceName]: TagRule<Name> } = {
  getPublishedFaqs: ['faqs'],
  getActiveBanners: ['banners'],
  getHelpConfig: ['help'],
  // A live figure: the cache's freshness window (3 s) renews it, no change event does.
  getJotCount: [],
  listBlogPosts: ['blog'],
  getBlogPost: (post) => (post ? [`post:${post.id}`] : ['blog']),
  listBlogCategories: ['blog'],
  // Related posts are chosen among the others (a new post may join them), ads among the blog's ads.
  getBlogPostExtras: ['blog'],
  getCampaignLandingPage: (campaign, slug) => (campaign ? [`campaign:${slug}`] : ['campaigns']),
  followAffiliateProduct: ['affiliates'],
  listTestimonials: ['testimonials'],
  getPage: (page) => (page ? [`page:${page.slug}`] : ['pages']),
  // The footer's links: every page reads them.
  listPages: ['pages'],
  listPageSlugs: ['pages'],
  // Per visitor or per token: pages that read these are never shared (they do not say sharePage()).
  getUnsubscribeStatus: [],
  isConfirmationToken: [],
};

/** The tags of one read of `name` (its result and arguments). */
export function tagsOfRead<Name extends ServiceName>(name: Name, result: Service<Name>['result'], args: Service<Name>['args']): readonly ContentTag[] {
  const rule = SERVICE_TAGS[name] as TagRule<ServiceName>;
  return typeof rule === 'function' ? (rule as (...input: unknown[]) => readonly ContentTag[])(result, ...args) : rule;
}

/**
 * `services` as one render sees them: each read adds what it read to `tags`. Fixed tags are added before the read
 * (a failed read a loader tolerates still ties the page to that content); an item's tag once it is found.
 */
export function taggingServices(services: WebServices, tags: Set<ContentTag>): WebServices {
  const tagged: Record<string, unknown> = { ...services };
  for (const [name, rule] of Object.entries(SERVICE_TAGS) as Array<[ServiceName, TagRule<ServiceName>]>) {
    const read = services[name] as (...args: unknown[]) => unknown;
    tagged[name] = (...args: unknown[]) => {
      if (typeof rule !== 'function') {
        for (const tag of rule) tags.add(tag);
        return read(...args);
      }
      const result = read(...args);
      const record = (value: unknown) => {
        for (const tag of (rule as (...input: unknown[]) => readonly ContentTag[])(value, ...args)) tags.add(tag);
        return value;
      };
      return result instanceof Promise ? result.then(record) : record(result);
    };
  }
  return tagged as unknown as WebServices;
}
