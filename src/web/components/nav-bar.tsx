import { ChevronDownIcon, LogOutIcon, MenuIcon, ShieldIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '~/components/ui/sheet';
import { useAuth } from '~/lib/auth';
import { cn } from '~/lib/utils';
import { Logo } from './logo';
import { ADMIN_LINKS, MORE_LINKS, PRIMARY_LINKS, type SiteLink } from './site-links';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/**
 * The navigation bar of spec §2: logo, compact counter, Home/Overview/About, the More menu (admin entries only
 * for admins), and the session; below 768 px a side drawer holds every link.
 */
export function NavBar({ counter }: { counter?: ReactNode }) {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const isAdmin = status === 'signed-in' && user?.isAdmin === true;

  function handleSignOut() {
    signOut();
    navigate('/login');
  }

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
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
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" className="gap-1 text-muted-foreground">
                More <ChevronDownIcon aria-hidden="true" className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              {MORE_LINKS.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to}>{link.label}</Link>
                </DropdownMenuItem>
              ))}
              {isAdmin && (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuLabel className="flex items-center gap-2 text-xs text-muted-foreground">
                    <ShieldIcon aria-hidden="true" className="size-3.5" /> Admin
                  </DropdownMenuLabel>
                  {ADMIN_LINKS.map((link) => (
                    <DropdownMenuItem key={link.to} asChild>
                      <Link to={link.to}>{link.label}</Link>
                    </DropdownMenuItem>
                  ))}
                </>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>

        <div className="ml-2 hidden items-center gap-2 md:flex">
          <SessionControls status={status} email={user?.email} onSignOut={handleSignOut} />
        </div>

        <MobileDrawer isAdmin={isAdmin} status={status} email={user?.email} onSignOut={handleSignOut} />
      </nav>
    </header>
  );
}

function SessionControls({
  status,
  email,
  onSignOut,
}: {
  status: ReturnType<typeof useAuth>['status'];
  email: string | undefined;
  onSignOut: () => void;
}) {
  if (status === 'loading') return <div className="h-9 w-20" aria-hidden="true" />;
  if (status === 'signed-in') {
    return (
      <>
        <span className="max-w-48 truncate text-sm text-muted-foreground" title={email}>
          {email}
        </span>
        <Button variant="outline" size="sm" onClick={onSignOut}>
          <LogOutIcon aria-hidden="true" /> Sign Out
        </Button>
      </>
    );
  }
  return (
    <Button asChild size="sm">
      <Link to="/api-tester">Sign In</Link>
    </Button>
  );
}

function MobileDrawer({
  isAdmin,
  status,
  email,
  onSignOut,
}: {
  isAdmin: boolean;
  status: ReturnType<typeof useAuth>['status'];
  email: string | undefined;
  onSignOut: () => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const groups: { title: string; links: SiteLink[] }[] = [
    { title: 'Menu', links: PRIMARY_LINKS },
    { title: 'More', links: MORE_LINKS },
    ...(isAdmin ? [{ title: 'Admin', links: ADMIN_LINKS }] : []),
  ];
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="ml-auto md:hidden" aria-label="Open menu">
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-72 overflow-y-auto">
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-5 px-4 pb-6">
          {groups.map((group) => (
            <div key={group.title} className="flex flex-col gap-1">
              {group.title !== 'Menu' && (
                <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.title}</p>
              )}
              {group.links.map((link) => (
                <NavLink key={link.to} to={link.to} end onClick={close} className={navLinkClass}>
                  {link.label}
                </NavLink>
              ))}
            </div>
          ))}
          <div className="flex flex-col gap-2 border-t pt-4">
            {status === 'signed-in' ? (
              <>
                <p className="truncate px-3 text-sm text-muted-foreground">{email}</p>
                <Button
                  variant="outline"
                  onClick={() => {
                    close();
                    onSignOut();
                  }}
                >
                  <LogOutIcon aria-hidden="true" /> Sign Out
                </Button>
              </>
            ) : status === 'signed-out' ? (
              <Button asChild onClick={close}>
                <Link to="/api-tester">Sign In</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </SheetContent>
    </Sheet>
  );
}
