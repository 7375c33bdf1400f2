import { useSearchParams } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { PostCard } from '~/features/blog/components/post-card';
import { originFromMatches, seo } from '~/lib/seo';
import { cn } from '~/lib/utils';
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

      <div role="group" aria-label="Filter by category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {[ALL, ...PUBLIC_BLOG_CATEGORIES].map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={category === name}
            onClick={() => setSearchParams(name === ALL ? {} : { category: name }, { preventScrollReset: true, replace: true })}
            className={cn(
              'h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              category === name ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
            )}
          >
            {name}
          </button>
        ))}
      </div>

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
