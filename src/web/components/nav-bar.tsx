import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { useAuth, useSignOutToLogin } from '~/lib/auth';
import { AccountActions } from './account-actions';
import { Logo } from './logo';
import { MenuButton } from './menu-button';
import type { MobileDrawerProps } from './mobile-drawer';
import { MoreMenu } from './more-menu';
import type { AdminLinkCounts } from './site-links';
import { navLinkClass } from './nav-link-class';
import { ADMIN_LINKS, PRIMARY_LINKS, securityPagePath } from './site-links';
import { currentAdminSection } from './admin/admin-sections';
import { can, roleOfUser } from '../../shared/permissions';

const loadMobileDrawer = () => import('./mobile-drawer');
const LazyMobileDrawer = lazy(loadMobileDrawer);

/**
 * The navigation bar of spec §2: logo, compact counter, Home/Overview/About, the More menu (admin entries only
 * for admins), and the session; below 768 px a side drawer holds every link.
 */
export function NavBar({ counter, adminCounts }: { counter?: ReactNode; adminCounts?: AdminLinkCounts }) {
  const { status, user } = useAuth();
  const signOutToLogin = useSignOutToLogin();
  const role = status === 'signed-in' ? roleOfUser(user) : null;
  // The spec's admin entries a role may open (decision 0050): all of them for an admin, none for a user.
  const adminLinks = useMemo(() => ADMIN_LINKS.filter((link) => can(role, currentAdminSection(link.to)?.permission ?? 'admin.enter')), [role]);

  const handleSignOut = () => void signOutToLogin();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      {/* data-session: the session check's state, which a browser test waits on (the Sign In link is not there on /login). */}
      <nav aria-label="Main" data-session={status} className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        {/* Spec §2: the compact counter is hidden on tiny screens. */}
        <div className="hidden min-[400px]:flex" data-slot="nav-counter">
          {counter}
        </div>

        <div className="ml-auto hidden items-center gap-1 md:flex">
          {PRIMARY_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <MoreMenu adminLinks={adminLinks} adminCounts={adminCounts} />
        </div>

        <div className="ml-2 hidden items-center gap-2 md:flex">
          <SessionControls status={status} email={user?.email} isStaff={can(role, 'admin.enter')} onSignOut={handleSignOut} />
        </div>

        <MobileMenu adminLinks={adminLinks} adminCounts={adminCounts} status={status} email={user?.email} onSignOut={handleSignOut} />
      </nav>
    </header>
  );
}

function SessionControls({
  status,
  email,
  isStaff,
  onSignOut,
}: {
  status: ReturnType<typeof useAuth>['status'];
  email: string | undefined;
  /** Staff find the Security page inside the back-office. */
  isStaff: boolean;
  onSignOut: () => void;
}) {
  const { pathname } = useLocation();
  if (status === 'loading') return <div className="h-9 w-20" aria-hidden="true" />;
  if (status === 'signed-in') {
    return (
      <AccountActions email={email} securityPath={securityPagePath(isStaff)} onSignOut={onSignOut} emailClassName="max-w-48" />
    );
  }
  // On the sign-in page itself the form is the way in: no second Sign In in the header (issue 37 §13).
  if (pathname === '/login') return null;
  return (
    <Button asChild size="sm">
      <Link to="/api-tester">Sign In</Link>
    </Button>
  );
}

function MobileMenu(props: Omit<MobileDrawerProps, 'open' | 'onOpenChange' | 'returnFocusTo'>) {
  const [open, setOpen] = useState(false);
  // The drawer (a Radix dialog) is fetched on first open, not with every page (docs/architecture.md §8 JavaScript budget).
  const [loaded, setLoaded] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <MenuButton
        ref={triggerRef}
        label="Open menu"
        isOpen={open}
        className="ml-auto"
        onPointerEnter={() => void loadMobileDrawer()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
      {loaded && (
        <Suspense fallback={null}>
          <LazyMobileDrawer {...props} open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
