/**
 * The back-office frame (issue 26 §1): a top bar (the operator's e-mail, Sign Out, View site, search, theme), a
 * grouped sidebar with every section and its live count, collapsible on a desktop and a drawer under 768 px.
 * No public banner strip, marketing nav or footer. The route layout (routes/admin/layout.tsx) feeds it the user,
 * the counts and the gate; the screens render in <main>.
 */
import { ExternalLinkIcon, LogOutIcon, PanelLeftCloseIcon, PanelLeftOpenIcon, SearchIcon, ShieldIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useMatches } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/brand';
import { AccountActions } from '~/components/account-actions';
import { LogoMark } from '~/components/logo';
import { MenuButton } from '~/components/menu-button';
import { ThemeToggle } from '~/components/theme-toggle';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { browserSetting } from '~/lib/browser-setting';
import { cn } from '~/lib/utils';
import type { RecordKind } from './record-search';
import { ADMIN_SECTION_GROUPS, type AdminCounts, type AdminSection, type AdminSectionGroup } from './admin-sections';
import { ADMIN_SECTION_ICONS } from './admin-section-icons';

const loadCommandPalette = () => import('./command-palette');
const LazyCommandPalette = lazy(loadCommandPalette);

/** Collapsed or not, kept in the browser (the server draws it expanded). */
const sidebarSetting = browserSetting('admin-sidebar', ['expanded', 'collapsed'], 'expanded');

/** What an admin route may tell the frame through its `handle` export. */
export interface AdminRouteHandle {
  /** A view that takes the whole width, as the post editor does: no sidebar beside it (the drawer stays on phones). */
  isFullScreen?: boolean;
}

export interface AdminShellProps {
  /** Signed-in admin's e-mail; absent while the session is checked or for a visitor at the gate. */
  email?: string;
  onSignOut?(): void;
  counts?: AdminCounts;
  /** False for a visitor at the gate (sign-in or Access Denied): the frame without the sections. */
  showNavigation?: boolean;
  /** The sections the signed-in role may open (decision 0050); every section by default. */
  sectionGroups?: AdminSectionGroup[];
  /** Which records ⌘K may look up for this role (leads, posts, users). */
  recordKinds?: RecordKind[];
  children: ReactNode;
}

export function AdminShell({
  email,
  onSignOut,
  counts,
  showNavigation = true,
  sectionGroups = ADMIN_SECTION_GROUPS,
  recordKinds,
  children,
}: AdminShellProps) {
  const [sidebar, setSidebar] = sidebarSetting.use();
  const isCollapsed = sidebar === 'collapsed';
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const drawerTriggerRef = useRef<HTMLButtonElement>(null);
  const palette = useCommandPalette(showNavigation);
  const isFullScreen = useMatches().some((match) => (match.handle as AdminRouteHandle | undefined)?.isFullScreen === true);

  return (
    <div className="flex min-h-dvh flex-col bg-muted/30" data-slot="admin-shell">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-3 sm:px-4">
        {showNavigation && (
          <MenuButton ref={drawerTriggerRef} label="Open admin menu" isOpen={isDrawerOpen} onClick={() => setIsDrawerOpen(true)} />
        )}
        <Link to="/admin" className="flex shrink-0 items-center gap-2 rounded-md font-bold tracking-tight">
          <LogoMark className="size-7" />
          <span>
            {PRODUCT_NAME} <span className="font-medium text-muted-foreground">Admin</span>
          </span>
        </Link>
        {showNavigation && (
          <Button
            variant="outline"
            size="sm"
            className="ml-2 hidden w-56 justify-start text-muted-foreground md:inline-flex"
            onClick={palette.open}
            onPointerEnter={() => void loadCommandPalette()}
            aria-keyshortcuts="Control+K Meta+K"
          >
            <SearchIcon aria-hidden="true" /> Go to…
            <kbd className="ml-auto rounded border bg-muted px-1.5 font-sans text-xs">Ctrl K</kbd>
          </Button>
        )}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {showNavigation && (
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Go to…" onClick={palette.open}>
              <SearchIcon aria-hidden="true" />
            </Button>
          )}
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
            <Link to="/">
              <ExternalLinkIcon aria-hidden="true" /> View site
            </Link>
          </Button>
          {email && onSignOut && (
            <div className="hidden items-center gap-2 md:flex">
              <AccountActions email={email} securityPath="/admin/security" onSignOut={onSignOut} emailClassName="max-w-56" emailTestId="admin-email" />
            </div>
          )}
        </div>
      </header>

      <div className="flex min-h-0 flex-1">
        {showNavigation && !isFullScreen && (
          <aside
            className={cn(
              'sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r bg-background md:flex',
              isCollapsed ? 'w-16' : 'w-60',
            )}
            data-collapsed={isCollapsed}
          >
            <SectionNav groups={sectionGroups} counts={counts} isCollapsed={isCollapsed} className="flex-1 overflow-y-auto px-2 py-3" />
            <div className="border-t p-2">
              <Button
                variant="ghost"
                size="sm"
                className={cn('w-full text-muted-foreground', isCollapsed ? 'justify-center px-0' : 'justify-start')}
                aria-expanded={!isCollapsed}
                aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                onClick={() => setSidebar(isCollapsed ? 'expanded' : 'collapsed')}
              >
                {isCollapsed ? <PanelLeftOpenIcon aria-hidden="true" /> : <PanelLeftCloseIcon aria-hidden="true" />}
                {!isCollapsed && <span aria-hidden="true">Collapse</span>}
              </Button>
            </div>
          </aside>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
      </div>

      {showNavigation && (
        <Sheet open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
          <SheetContent
            side="left"
            className="w-72 overflow-y-auto"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              drawerTriggerRef.current?.focus();
            }}
          >
            <SheetHeader>
              <SheetTitle>Admin menu</SheetTitle>
              <SheetDescription className="sr-only">Every section of the back-office</SheetDescription>
            </SheetHeader>
            <SectionNav groups={sectionGroups} counts={counts} className="px-2" onNavigate={() => setIsDrawerOpen(false)} />
            <div className="mt-2 flex flex-col gap-2 border-t px-4 py-4">
              {email && <p className="truncate text-sm text-muted-foreground">{email}</p>}
              {email && (
                <Button asChild variant="ghost" className="justify-start" onClick={() => setIsDrawerOpen(false)}>
                  <Link to="/admin/security">
                    <ShieldIcon aria-hidden="true" /> Security
                  </Link>
                </Button>
              )}
              <Button asChild variant="ghost" className="justify-start" onClick={() => setIsDrawerOpen(false)}>
                <Link to="/">
                  <ExternalLinkIcon aria-hidden="true" /> View site
                </Link>
              </Button>
              {onSignOut && (
                <Button
                  variant="outline"
                  onClick={() => {
                    setIsDrawerOpen(false);
                    onSignOut();
                  }}
                >
                  <LogOutIcon aria-hidden="true" /> Sign Out
                </Button>
              )}
            </div>
          </SheetContent>
        </Sheet>
      )}

      {palette.isLoaded && (
        <Suspense fallback={null}>
          <LazyCommandPalette
            key={palette.openCount}
            open={palette.isOpen}
            onOpenChange={palette.setIsOpen}
            sectionGroups={sectionGroups}
            recordKinds={recordKinds}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The grouped section links; `aria-current="page"` on the current section (React Router's NavLink sets it). */
function SectionNav({
  groups,
  counts,
  isCollapsed = false,
  className,
  onNavigate,
}: {
  groups: AdminSectionGroup[];
  counts?: AdminCounts;
  isCollapsed?: boolean;
  className?: string;
  onNavigate?(): void;
}) {
  // The open section stays in view (issue 37 §12): on a short screen the list scrolls, and the current item is
  // brought into its visible part rather than left under the Collapse footer.
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={navRef} aria-label="Admin" className={cn('flex flex-col gap-3 scroll-py-2', className)}>
      {groups.map((group) => (
        <div key={group.title} className="flex flex-col gap-0.5">
          <p className={cn('px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase', isCollapsed && 'sr-only')}>
            {group.title}
          </p>
          {group.sections.map((section) => (
            <SectionLink key={section.to} section={section} count={section.count && counts?.[section.count.key]} isCollapsed={isCollapsed} onNavigate={onNavigate} />
          ))}
        </div>
      ))}
    </nav>
  );
}

function SectionLink({
  section,
  count,
  isCollapsed,
  onNavigate,
}: {
  section: AdminSection;
  count: number | undefined;
  isCollapsed: boolean;
  onNavigate?(): void;
}) {
  const Icon = ADMIN_SECTION_ICONS[section.icon];
  return (
    <NavLink
      to={section.to}
      end={section.to === '/admin'}
      onClick={onNavigate}
      title={isCollapsed ? section.label : undefined}
      className={({ isActive }) =>
        cn(
          'relative flex items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
          isActive ? 'bg-primary/10 text-primary' : 'text-muted-foreground',
          isCollapsed && 'justify-center px-0',
        )
      }
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn('truncate', isCollapsed && 'sr-only')}>{section.label}</span>
      {count ? (
        <span
          className={cn(
            'rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums',
            isCollapsed ? 'absolute top-0.5 right-1' : 'ml-auto',
          )}
          data-testid="admin-section-count"
        >
          {count > 99 ? '99+' : count}
          <span className="sr-only"> {section.count?.label}</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/** ⌘K / Ctrl+K anywhere in the admin opens the palette; its code loads on first use. */
function useCommandPalette(isEnabled: boolean) {
  const [isOpen, setIsOpen] = useState(false);
  const [isLoaded, setIsLoaded] = useState(false);
  // A new palette (empty field) each time it opens, even when the last one is still fading out.
  const [openCount, setOpenCount] = useState(0);
  const open = useCallback(() => {
    setIsLoaded(true);
    setIsOpen(true);
    setOpenCount((count) => count + 1);
  }, []);
  useEffect(() => {
    if (!isEnabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (isOpen) setIsOpen(false);
        else open();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled, isOpen, open]);
  return { isOpen, setIsOpen, isLoaded, open, openCount };
}
