import { LogOutIcon } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import type { AuthStatus } from '~/lib/auth';
import { navLinkClass } from './nav-link-class';
import { AdminLinkCount } from './admin-link-count';
import { type AdminLinkCounts, MORE_LINKS, PRIMARY_LINKS, securityPagePath, type SiteLink } from './site-links';

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The admin entries the signed-in role may open (none for a visitor or a user). */
  adminLinks: SiteLink[];
  adminCounts?: AdminLinkCounts;
  status: AuthStatus;
  email: string | undefined;
  onSignOut(): void;
  /** Where focus goes when the drawer closes (its trigger lives in the nav bar). */
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}

/** The side drawer with every link, below 768 px (spec §2). Loaded on first open: see nav-bar.tsx. */
export default function MobileDrawer({ open, onOpenChange, adminLinks, adminCounts, status, email, onSignOut, returnFocusTo }: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  // The sign-in page's own form is the way in there (issue 37 §13).
  const isSignInPage = useLocation().pathname === '/login';
  const groups: { title: string; links: SiteLink[] }[] = [
    { title: 'Menu', links: PRIMARY_LINKS },
    { title: 'More', links: MORE_LINKS },
    ...(adminLinks.length > 0 ? [{ title: 'Admin', links: adminLinks }] : []),
  ];
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-72 overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
                  {group.title === 'Admin' && <AdminLinkCount count={adminCounts?.[link.to]} />}
                </NavLink>
              ))}
            </div>
          ))}
          <div className="flex flex-col gap-2 border-t pt-4">
            {status === 'signed-in' ? (
              <>
                <p className="truncate px-3 text-sm text-muted-foreground">{email}</p>
                <NavLink to={securityPagePath(adminLinks.length > 0)} end onClick={close} className={navLinkClass}>
                  Security
                </NavLink>
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
            ) : status === 'signed-out' && !isSignInPage ? (
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
