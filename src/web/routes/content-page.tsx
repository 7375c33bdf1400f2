import { data } from 'react-router';
import { RouteError } from '~/components/route-error';
import { originFromMatches, seo } from '~/lib/seo';
import { PRODUCT_NAME } from '../../shared/brand';
import type { Route } from './+types/content-page';
import { type PageHandle, SAME_FOR_EVERYONE, serverContextOf } from '~/lib/server-context';

export const handle: PageHandle = {
  ...SAME_FOR_EVERYONE,
  // Every unknown slug is the same not-found page, stored once for all of them (decision 0077).
  sharedWith: async ({ params, services }) => ((await services.getPage(params.slug ?? '')) ? null : { missing: true }),
};

/** `/p/{slug}` (issue 12): a published content page, server-rendered; unknown or unpublished → 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  const page = await services.getPage(params.slug);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const { page } = loaderData;
  return seo({
    title: `${page.title} - ${PRODUCT_NAME}!`,
    description: page.metaDescription ?? page.title,
    path: `/p/${encodeURIComponent(page.slug)}`,
    origin: originFromMatches(matches),
  });
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{page.title}</h1>
      {/* Rendered from Markdown and sanitised on the server (src/shared/markdown.ts). */}
      <div className="prose-jotit mt-8" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} notFound={{ detail: 'The page you are looking for does not exist or has moved.', backTo: '/', backLabel: 'Return to Home' }} />;
}
