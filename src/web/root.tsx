// First: before any module builds a zod schema (see the file).
import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from 'react-router';
import { PRODUCT_NAME } from '../shared/brand';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { isAdminPath } from './components/admin/admin-sections';
import { SiteLayout } from './components/site-layout';
import { ThemeSync } from './components/theme-toggle';
import { Button } from './components/ui/button';
import { useInboxUnreadCount } from './features/inbox/unread-count';
import { AuthProvider, useAuth } from './lib/auth';
import { FIRST_PAINT_SCRIPT } from './lib/first-paint';
import { useNonce } from './lib/nonce';
import { THEME_SCRIPT } from './lib/theme';
import { createQueryClient } from './lib/query-client';
import { lazyHydrated, pendingServerPreloads } from './lib/lazy-hydrated';
import { useHydrated } from './lib/use-hydrated';
import type { SiteLink } from './components/site-links';
import { serverContextOf } from './lib/server-context';
import { can, roleOfUser } from '../shared/permissions';

export const links: Route.LinksFunction = () => [
  // `precedence` makes it a React stylesheet resource, written at the top of <head>: the browser asks for it before
  // the page's module preloads, which would otherwise take the connections first (decision 0083).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  // The ICO for browsers and tools that only ask for /favicon.ico; the SVG for the rest.
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  // Only right after start-up: the split components' modules are still loading on the server.
  if (pendingServerPreloads.size > 0) await Promise.all(pendingServerPreloads);
  // The live counter and the banner strip start from the server's values (from memory), so the first HTML has
  // them and nothing jumps; the browser polls from there (docs/architecture.md §2). A failure here never takes a page down.
  const [jotCount, banners, pages] = await Promise.all([
    services.getJotCount().catch(() => null),
    services.getActiveBanners().catch(() => null),
    // Published content pages (issue 12), linked from the footer.
    services.listPages().catch(() => []),
  ]);
  return { publicUrl: services.publicUrl, jotCount, banners, pages };
}

// The public origin never changes, and the live values are polled in the browser after the first page.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the page interactive, error pages included (browser tests wait for it; see tests/e2e/browser.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    // The theme script below sets <html>'s class and colour scheme before React hydrates: not a mismatch.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the stylesheet and the first paint: the stored (or system) theme, so dark never flashes light. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <meta name="theme-color" content="#4f46e5" />
        {/* Before anything is painted: closed banners stay hidden, and early clicks are not lost (lib/first-paint.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SCRIPT }} />
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

/*
 * The live parts of the frame render on the server with the loader's values; their code (polling with TanStack
 * Query) is split out of the first load and hydrates when it arrives — React keeps the server HTML meanwhile.
 * This keeps every page's initial JavaScript under the 150 KB budget of docs/architecture.md §8.
 */
const NavCounter = lazyHydrated(() => import('./features/jot-counter/nav-counter'));
const BannerStrip = lazyHydrated(() => import('./features/banners/banner-strip'));

// Toasts appear only after something is done on a page, so the toast library loads after the first paint.
const Toaster = lazy(() => import('./components/ui/sonner').then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** The site frame, with the admin menu's unread inbox count for signed-in admins (issue 10 §7). */
function Frame({ children, counter, banners, footerLinks }: { children: ReactNode; counter: ReactNode; banners: ReactNode; footerLinks?: SiteLink[] }) {
  const { status, user } = useAuth();
  const unread = useInboxUnreadCount(status === 'signed-in' && can(roleOfUser(user), 'inbox.manage')).data;
  const adminCounts = useMemo(() => ({ '/admin/inbox': unread }), [unread]);
  return (
    <SiteLayout counter={counter} banners={banners} adminCounts={adminCounts} footerLinks={footerLinks}>
      {children}
    </SiteLayout>
  );
}

const isPublicPath = (pathname: string) => !isAdminPath(pathname);
// The page-view beacon (issue 40) counts client navigations on the public site only: its code is loaded there, after
// the first page, and never weighs on the back-office's first screen (its 250 KB budget, docs/architecture.md §8).
const PageViewBeacon = lazy(() => import('./features/analytics').then((module) => ({ default: module.PageViewBeacon })));

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(createQueryClient);
  // Stable elements: a split component still hydrating must not receive new props, or React drops its server
  // HTML and shows the (empty) fallback until its code arrives — a visible layout shift.
  const counter = useMemo(
    () => (
      <Suspense fallback={null}>
        <NavCounter initialCount={loaderData.jotCount} />
      </Suspense>
    ),
    [loaderData.jotCount],
  );
  const banners = useMemo(
    () => (
      <Suspense fallback={null}>
        <BannerStrip initialBanners={loaderData.banners} />
      </Suspense>
    ),
    [loaderData.banners],
  );
  const footerLinks = useMemo(() => loaderData.pages.map((page) => ({ to: `/p/${page.slug}`, label: page.title })), [loaderData.pages]);
  // The back-office has its own frame (routes/admin/layout.tsx): no banner strip, marketing nav or footer.
  const { pathname } = useLocation();
  const isAdmin = isAdminPath(pathname);
  // The page the server answered (and counted): the beacon counts what comes after it.
  const [firstPathname] = useState(pathname);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {isAdmin ? (
          <Outlet />
        ) : (
          <Frame counter={counter} banners={banners} footerLinks={footerLinks}>
            <Outlet />
          </Frame>
        )}
        <DeferredToaster />
        <ThemeSync />
        {!isAdmin && (
          <Suspense fallback={null}>
            <PageViewBeacon isCounted={isPublicPath} firstPathname={firstPathname} />
          </Suspense>
        )}
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
