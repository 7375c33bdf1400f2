import { isRouteErrorResponse, Link } from 'react-router';
import { Button } from '~/components/ui/button';

/** A form post over the pages' body limit (413, issue 23 §1): nothing was read or sent. */
export const TOO_LARGE = {
  heading: 'That form was too large',
  detail: 'Nothing was sent. Shorten what you typed and try again.',
};

/**
 * What a route module's `ErrorBoundary` renders: inside the site frame (nav and footer stay), with the status the
 * loader threw — a missing article is a 404 page, not a blank 'Something went wrong'. The root boundary remains
 * for errors in the frame itself. The route's `meta` sets the title (it receives no loader data on an error).
 *
 *   export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
 *     return <RouteError error={error} notFound={{ title: 'Article not found', … }} />;
 *   }
 */
export function RouteError({
  error,
  notFound = {},
}: {
  error: unknown;
  notFound?: { heading?: string; detail?: string; backTo?: string; backLabel?: string };
}) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const isTooLarge = isRouteErrorResponse(error) && error.status === 413;
  const heading = isNotFound ? (notFound.heading ?? 'Oops! Page not found') : isTooLarge ? TOO_LARGE.heading : 'Something went wrong';
  const detail = isNotFound
    ? (notFound.detail ?? 'The page you are looking for does not exist or has moved.')
    : isTooLarge
      ? TOO_LARGE.detail
      : 'An unexpected error occurred. Please try again in a moment.';
  const backTo = isNotFound ? (notFound.backTo ?? '/') : '/';
  const backLabel = isNotFound ? (notFound.backLabel ?? 'Return to Home') : 'Return to Home';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-extrabold tracking-tight text-primary">{isNotFound ? '404' : 'Error'}</p>
      <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
      <p className="text-muted-foreground">{detail}</p>
      <Button asChild>
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </section>
  );
}
