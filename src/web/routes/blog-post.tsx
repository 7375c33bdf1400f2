import { ArrowLeftIcon } from 'lucide-react';
import { Suspense } from 'react';
import { data, Link } from 'react-router';
import { RouteError } from '~/components/route-error';
import { AdSlot, CategoryBadge, LikeButton, PostCard, PostMeta } from '~/features/blog';
import { FormPlaceholder, readUnsentForm, STAY_UPDATED_FORM_FIELDS, StayUpdatedForm } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { PRODUCT_NAME } from '../../shared/brand';
import { plainText } from '../../shared/format';
import type { Route } from './+types/blog-post';
import { SAME_FOR_EVERYONE, serverContextOf } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  const post = await services.getBlogPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  const [{ ads, related }, categories] = await Promise.all([services.getBlogPostExtras(post), services.listBlogCategories()]);
  return { post, ads, more: related, colors: Object.fromEntries(categories.map((category) => [category.name, category.color])) };
}

/** The Stay Updated box posted without JavaScript: shown again with the typed e-mail and a notice (as on /blog). */
export async function action({ request, context }: Route.ActionArgs) {
  return readUnsentForm(request, STAY_UPDATED_FORM_FIELDS, serverContextOf(context));
}

export const links: Route.LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'JotIt! Blog', href: '/blog/rss.xml' }];

/** An absolute URL for Open Graph (uploads are site paths). */
const absolute = (url: string, origin: string | undefined) => (url.startsWith('/') ? `${origin ?? ''}${url}` : url);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: 'Page Not Found' }];
  const { post } = loaderData;
  const origin = originFromMatches(matches);
  const image = post.featuredImageUrl ? absolute(post.featuredImageUrl, origin) : undefined;
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
  const html = post.contentHtml;
  // The middle ads go after the paragraph (or list, code block, quote) nearest the middle of the article.
  const breaks = [...html.matchAll(/<\/(?:p|ul|ol|pre|blockquote)>\n?/g)].map((match) => match.index + match[0].length);
  const cut = breaks.length > 1 ? breaks[Math.floor((breaks.length - 1) / 2)]! : html.length;
  const hasSidebar = ads.some((ad) => ad.position === 'sidebar');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <div className={hasSidebar ? 'mx-auto grid max-w-6xl gap-10 lg:grid-cols-[minmax(0,48rem)_16rem] lg:justify-center' : undefined}>
      <article className="mx-auto w-full max-w-3xl">
        <AdSlot ads={ads} position="top" className="mb-6" />
        <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> All articles
        </Link>
        <header className="mt-6 flex flex-col gap-4 border-b pb-8">
          <div>
            <CategoryBadge name={post.category} color={colors[post.category]} />
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
          {post.excerpt && <p className="text-lg text-muted-foreground text-pretty">{post.excerpt}</p>}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <PostMeta authorName={post.authorName} publishedAt={post.publishedAt} readTimeMinutes={post.readTimeMinutes} />
            <LikeButton postId={post.id} initialCount={post.likeCount ?? 0} />
          </div>
        </header>
        {post.featuredImageUrl && <img src={post.featuredImageUrl} alt="" className="mt-8 w-full rounded-xl object-cover" />}
        {/* Rendered from Markdown and sanitised with DOMPurify on the server (modules/blog/public-service.ts). */}
        <div className="prose-jotit mt-8" dangerouslySetInnerHTML={{ __html: html.slice(0, cut) }} />
        <AdSlot ads={ads} position="middle" className="my-8" />
        {cut < html.length && <div className="prose-jotit" dangerouslySetInnerHTML={{ __html: html.slice(cut) }} />}
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <aside aria-label="About the author" className="mt-10 flex items-start gap-4 rounded-xl border bg-muted/40 p-6">
          {post.authorAvatarUrl ? (
            <img src={post.authorAvatarUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xl font-bold text-primary">
              {post.authorName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div>
            <p className="font-semibold">{post.authorName}</p>
            {post.authorBio && <p className="mt-1 text-sm text-muted-foreground">{post.authorBio}</p>}
          </div>
        </aside>
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
