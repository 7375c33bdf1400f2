import { data, redirect } from 'react-router';
import { RouteError } from '~/components/route-error';
import type { Route } from './+types/go';
import { serverContextOf } from '~/lib/server-context';

/**
 * `/go/{productId}` (issue 12): counts the click and answers 302 to the product's stored affiliate link — only for
 * an active product, else the site's 404. The target never comes from the request (no open redirect).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, visitor } = serverContextOf(context);
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : NaN;
  const target = id <= 2_147_483_647 ? await services.followAffiliateProduct(id, visitor) : null;
  if (!target) throw data(null, { status: 404 });
  return redirect(target, { status: 302, headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } });
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];

export default function Go() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} notFound={{ detail: 'This offer is no longer available.' }} />;
}
