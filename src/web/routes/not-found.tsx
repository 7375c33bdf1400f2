import { Link, data } from 'react-router';
import { Button } from '~/components/ui/button';
import { type PageHandle, SAME_FOR_EVERYONE } from '~/lib/server-context';
import type { Route } from './+types/not-found';

// The same page at every unknown path (nothing below reads the path): stored once, served to all (decision 0060).
export const handle: PageHandle = { ...SAME_FOR_EVERYONE, sameAtEveryPath: true };

// A real 404 status for unknown paths; the server logs the path (src/server/plugins/ssr.ts).
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
