import { Suspense } from 'react';
import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { RouteError } from '~/components/route-error';
import { PageHeader } from '~/components/page-header';
import { CategoryFilter, PostCard } from '~/features/blog';
import { FormPlaceholder, unsentFormAction, STAY_UPDATED_FORM_FIELDS, StayUpdatedForm } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { PUBLIC_BLOG_CATEGORIES } from '../../shared/constants';
import type { Route } from './+types/blog';
import { type PageHandle, SAME_FOR_EVERYONE, serverContextOf } from '~/lib/server-context';

const ALL = 'All';

/**
 * The categories the filter offers: spec §2 order first (All, Security, Engineering, Development, Infrastructure,
 * Industry), then any other category from the table by name; only categories that exist in the table are offered,
 * and one outside the spec's list (the fallback 'General', say) only while a live post is in it: an empty chip
 * filters to nothing.
 */
function categoryNames(posts: readonly { category: string }[], categories: readonly { name: string }[]): string[] {
  const order = (name: string) => {
    const index = (PUBLIC_BLOG_CATEGORIES as readonly string[]).indexOf(name);
    return index === -1 ? PUBLIC_BLOG_CATEGORIES.length : index;
  };
  const inUse = new Set(posts.map((post) => post.category));
  return categories
    .map((category) => category.name)
    .filter((name) => order(name) < PUBLIC_BLOG_CATEGORIES.length || inUse.has(name))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

// The category filter is read from the query string (below): one stored page per category (decision 0060). A value
// the filter does not offer shows every post, so it is the page `/blog` itself (decision 0077).
export const handle: PageHandle = {
  ...SAME_FOR_EVERYONE,
  query: ['category'],
  sharedWith: async ({ query, services }) => {
    const requested = query.get('category');
    if (requested === null) return null;
    const [posts, categories] = await Promise.all([services.listBlogPosts(), services.listBlogCategories()]);
    return categoryNames(posts, categories).includes(requested) ? null : { sameAs: '/blog' };
  },
};

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  const [posts, categories] = await Promise.all([services.listBlogPosts(), services.listBlogCategories()]);
  return { posts, names: categoryNames(posts, categories), colors: Object.fromEntries(categories.map((category) => [category.name, category.color])) };
}

/** A form posted without JavaScript answers with the form as typed (unsentFormAction). */
export const action = unsentFormAction(STAY_UPDATED_FORM_FIELDS);

/** The category filter is applied to the loaded list in the browser: choosing one needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'JotIt! Blog', href: '/blog/rss.xml' }];

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Blog - JotIt!',
    description: 'Security, engineering and development notes from the JotIt team: encryption, fast desktop apps and the jot API.',
    path: '/blog',
    origin: originFromMatches(matches),
  });

export default function Blog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, names, colors } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('category');
  const category = names.find((name) => name === requested) ?? ALL;
  const filtered = category === ALL ? posts : posts.filter((post) => post.category === category);
  // Spec §2: the first article of the filtered list is the featured card (a post marked featured first when there
  // is one); the grid omits it.
  const featuredIndex = Math.max(0, filtered.findIndex((post) => post.isFeatured));
  const featured = filtered[featuredIndex];
  const rest = filtered.filter((_, index) => index !== featuredIndex);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader
        eyebrow="Blog"
        title="Notes from the JotIt team"
        description="How we keep your ideas safe, fast and out of the way: security, engineering and the developer API."
      />

      <CategoryFilter
        categories={[ALL, ...names]}
        selected={category}
        onSelect={(name) => setSearchParams(name === ALL ? {} : { category: name }, { preventScrollReset: true, replace: true })}
      />

      {featured ? (
        <>
          <PostCard post={featured} color={colors[featured.category]} featured />
          {rest.length > 0 && (
            <section aria-label="More articles" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {rest.map((post) => (
                <PostCard key={post.id} post={post} color={colors[post.category]} />
              ))}
            </section>
          )}
        </>
      ) : (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No articles in {category} yet. Check back soon.
        </p>
      )}

      <Suspense fallback={<FormPlaceholder className="min-h-44" />}>
        {/* The list the visitor was reading (its category) is the page the box posts to. */}
        <StayUpdatedForm action={category === ALL ? '/blog' : `/blog?${new URLSearchParams({ category })}`} unsent={actionData} />
      </Suspense>
    </div>
  );
}

/** A failing loader keeps the site frame (nav, footer) around the error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
