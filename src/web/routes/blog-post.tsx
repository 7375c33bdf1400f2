import { ArrowLeftIcon } from 'lucide-react';
import { Suspense } from 'react';
import { data, Link } from 'react-router';
import { RouteError } from '~/components/route-error';
import { AdSlot, LikeButton, PostArticle, PostCard } from '~/features/blog';
import { FormPlaceholder, unsentFormAction, STAY_UPDATED_FORM_FIELDS, StayUpdatedForm } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { PRODUCT_NAME } from '../../shared/brand';
import { plainText } from '../../shared/format';
import type { Route } from './+types/blog-post';
import { type PageHandle, SAME_FOR_EVERYONE, serverContextOf } from '~/lib/server-context';

export const handle: PageHandle = {
  ...SAME_FOR_EVERYONE,
  // Every unknown slug is the same not-found page, stored once for all of them (decision 0077).
  sharedWith: async ({ params, services }) => ((await services.getBlogPost(params.slug ?? '')) ? null : { missing: true }),
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  const post = await services.getBlogPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  const [{ ads, related }, categories] = await Promise.all([services.getBlogPostExtras(post), services.listBlogCategories()]);
  return { post, ads, more: related, colors: Object.fromEntries(categories.map((category) => [category.name, category.color])) };
}

/** The Stay Updated box posted without JavaScript: shown again with the typed e-mail and a notice (as on /blog). */
/** A form posted without JavaScript answers with the form as typed (unsentFormAction). */
export const action = unsentFormAction(STAY_UPDATED_FORM_FIELDS);

export const links: Route.LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'JotIt! Blog', href: '/blog/rss.xml' }];

/** An absolute URL for Open Graph (uploads are site paths). */
const absolute = (url: string, origin: string | undefined) => (url.startsWith('/') ? `${origin ?? ''}${url}` : url);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: 'Page Not Found' }];
  const { post } = loaderData;
  const origin = originFromMatches(matches);
  // The 1200×630 crop when the cover is an upload whose sizes exist (issue 39 §3), else the cover as it is.
  const cover = post.featuredImage?.socialUrl ?? post.featuredImageUrl;
  const image = cover ? absolute(cover, origin) : undefined;
  const base = seo({
    title: `${post.metaTitle ?? post.title} - ${PRODUCT_NAME}!`,
    description: post.metaDescription ?? post.excerpt ?? post.title,
    path: `/blog/${post.slug}`,
    origin,
    type: 'article',
  });
  return [
    ...(image ? base.map((tag) => ('name' in tag && tag.name === 'twitter:card' ? { name: 'twitter:card', content: 'summary_large_image' } : tag)) : base),
    ...(post.metaKeywords ? [{ name: 'keywords', content: plainText(post.metaKeywords) }] : []),
    ...(image ? [{ property: 'og:image', content: image }, { name: 'twitter:image', content: image }] : []),
    { property: 'article:published_time', content: post.publishedAt },
    { property: 'article:modified_time', content: post.updatedAt },
    { property: 'article:section', content: plainText(post.category) },
    ...post.tags.map((tag) => ({ property: 'article:tag', content: plainText(tag) })),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        // Text only, as in the meta tags (issue 27 §2).
        headline: plainText(post.title),
        description: post.excerpt ? plainText(post.excerpt) : undefined,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { '@type': 'Person', name: plainText(post.authorName) },
        image,
        keywords: plainText(post.metaKeywords ?? post.tags.join(', ')) || undefined,
        articleSection: plainText(post.category),
        publisher: { '@type': 'Organization', name: PRODUCT_NAME },
        mainEntityOfPage: `${origin ?? ''}/blog/${post.slug}`,
      },
    },
  ];
};

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, ads, more, colors } = loaderData;
  const hasSidebar = ads.some((ad) => ad.position === 'sidebar');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <div className={hasSidebar ? 'mx-auto grid max-w-6xl gap-10 lg:grid-cols-[minmax(0,48rem)_16rem] lg:justify-center' : undefined}>
      <article className="mx-auto w-full max-w-3xl">
        <AdSlot ads={ads} position="top" className="mb-6" />
        <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> All articles
        </Link>
        <PostArticle post={post} color={colors[post.category]} ads={ads} aside={<LikeButton postId={post.id} initialCount={post.likeCount ?? 0} />} />
        <AdSlot ads={ads} position="bottom" className="mt-10" />
        <Suspense fallback={<FormPlaceholder className="min-h-44" />}>
          <StayUpdatedForm action={`/blog/${post.slug}`} unsent={actionData} className="mt-10" />
        </Suspense>
      </article>
      {hasSidebar && <AdSlot ads={ads} position="sidebar" className="lg:sticky lg:top-24 lg:self-start" />}
      </div>
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
