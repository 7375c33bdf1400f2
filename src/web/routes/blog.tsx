import { useSearchParams } from 'react-router';
import { RouteError } from '~/components/route-error';
import { PageHeader } from '~/components/page-header';
import { CategoryFilter, PostCard } from '~/features/blog';
import { originFromMatches, seo } from '~/lib/seo';
import { PUBLIC_BLOG_CATEGORIES } from '../../shared/constants';
import type { Route } from './+types/blog';

const ALL = 'All';

export async function loader({ context }: Route.LoaderArgs) {
  const [posts, categories] = await Promise.all([context.services.listBlogPosts(), context.services.listBlogCategories()]);
  return { posts, colors: Object.fromEntries(categories.map((category) => [category.name, category.color])) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Blog - JotIt!',
    description: 'Security, engineering and development notes from the JotIt team: encryption, fast desktop apps and the jot API.',
    path: '/blog',
    origin: originFromMatches(matches),
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, colors } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('category');
  const category = PUBLIC_BLOG_CATEGORIES.find((name) => name === requested) ?? ALL;
  const filtered = category === ALL ? posts : posts.filter((post) => post.category === category);
  // Spec §2: the first article of the filtered list is the featured card; the grid omits it.
  const [featured, ...rest] = filtered;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader
        eyebrow="Blog"
        title="Notes from the JotIt team"
        description="How we keep your ideas safe, fast and out of the way: security, engineering and the developer API."
      />

      <CategoryFilter
        categories={[ALL, ...PUBLIC_BLOG_CATEGORIES]}
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
    </div>
  );
}

/** A failing loader keeps the site frame (nav, footer) around the error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
