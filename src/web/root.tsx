import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from 'react-router';
import { PRODUCT_NAME } from '../shared/brand';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { SiteLayout } from './components/site-layout';
import { Button } from './components/ui/button';
import { Toaster } from './components/ui/sonner';
import { AuthProvider } from './lib/auth';
import { useNonce } from './lib/nonce';
import { createQueryClient } from './lib/query-client';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.services.publicUrl };
}

// The root data (the public origin) never changes while the app runs.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SiteLayout>
          <Outlet />
        </SiteLayout>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = isNotFound ? 'Oops! Page not found' : 'Something went wrong';
  const detail = isNotFound
    ? 'The page you are looking for does not exist or has moved.'
    : 'An unexpected error occurred. Please try again in a moment.';
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{isNotFound ? 'Page Not Found' : `Error - ${PRODUCT_NAME}!`}</title>
      <p className="text-sm font-semibold text-primary">{isNotFound ? '404' : 'Error'}</p>
      <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
      <p className="text-muted-foreground">{detail}</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
