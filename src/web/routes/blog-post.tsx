import { ArrowLeftIcon } from 'lucide-react';
import { data, Link } from 'react-router';
import { RouteError } from '~/components/route-error';
import { CategoryBadge, PostCard, PostMeta } from '~/features/blog';
import { originFromMatches, seo } from '~/lib/seo';
import { PRODUCT_NAME } from '../../shared/brand';
import type { Route } from './+types/blog-post';

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await context.services.getBlogPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  const [posts, categories] = await Promise.all([context.services.listBlogPosts(), context.services.listBlogCategories()]);
  const related = posts.filter((other) => other.id !== post.id && other.category === post.category).slice(0, 3);
  const more = related.length > 0 ? related : posts.filter((other) => other.id !== post.id).slice(0, 3);
  return { post, more, colors: Object.fromEntries(categories.map((category) => [category.name, category.color])) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: 'Page Not Found' }];
  const { post } = loaderData;
  const origin = originFromMatches(matches);
  return [
    ...seo({
      title: `${post.metaTitle ?? post.title} - ${PRODUCT_NAME}!`,
      description: post.metaDescription ?? post.excerpt ?? post.title,
      path: `/blog/${post.slug}`,
      origin,
      type: 'article',
    }),
    { property: 'article:published_time', content: post.publishedAt },
    { property: 'article:section', content: post.category },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt ?? undefined,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { '@type': 'Person', name: post.authorName },
        publisher: { '@type': 'Organization', name: PRODUCT_NAME },
        mainEntityOfPage: `${origin ?? ''}/blog/${post.slug}`,
      },
    },
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, more, colors } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> All articles
        </Link>
        <header className="mt-6 flex flex-col gap-4 border-b pb-8">
          <div>
            <CategoryBadge name={post.category} color={colors[post.category]} />
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
          {post.excerpt && <p className="text-lg text-muted-foreground text-pretty">{post.excerpt}</p>}
          <PostMeta authorName={post.authorName} publishedAt={post.publishedAt} readTimeMinutes={post.readTimeMinutes} />
        </header>
        {/* Rendered from Markdown and sanitised with DOMPurify on the server (modules/blog/public-service.ts). */}
        <div className="prose-jotit mt-8" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        {post.authorBio && (
          <aside aria-label="About the author" className="mt-10 rounded-xl border bg-muted/40 p-6">
            <p className="font-semibold">{post.authorName}</p>
            <p className="mt-1 text-sm text-muted-foreground">{post.authorBio}</p>
          </aside>
        )}
      </article>
      {more.length > 0 && (
        <section aria-labelledby="more-heading" className="mx-auto mt-16 max-w-6xl">
          <h2 id="more-heading" className="text-2xl font-bold tracking-tight">
            Keep reading
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {more.map((other) => (
              <PostCard key={other.id} post={other} color={colors[other.category]} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/** A missing slug keeps the site frame and answers 404 (the loader's status) with a way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{
        detail: 'This article does not exist or has been unpublished.',
        backTo: '/blog',
        backLabel: 'All articles',
      }}
    />
  );
}
