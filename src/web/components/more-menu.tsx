import { ChevronDownIcon, ShieldIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { AdminLinkCount } from './admin-link-count';
import { type AdminLinkCounts, MORE_LINKS, type SiteLink } from './site-links';

/**
 * The nav's More menu: an ARIA menu button (arrow keys, Home/End, Escape, outside click) without a popover library,
 * because it is on every page and the home page's initial JavaScript budget is 150 KB (docs/architecture.md §8).
 */
/** `adminLinks`: the admin entries the signed-in role may open (none for a visitor or a user). */
export function MoreMenu({ adminLinks, adminCounts }: { adminLinks: SiteLink[]; adminCounts?: AdminLinkCounts }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  function handleMenuKeyDown(event: React.KeyboardEvent) {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => all[(next + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(all.length - 1);
    else if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  const itemClass =
    'flex h-9 items-center rounded-sm px-2 text-sm outline-none hover:bg-muted focus-visible:bg-muted focus-visible:text-foreground';

  return (
    <div className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        className="gap-1 text-muted-foreground"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        More <ChevronDownIcon aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </Button>
      {open && (
        // The menu handles arrow keys for its items (ARIA menu pattern); the items themselves are links.
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="More"
          onKeyDown={handleMenuKeyDown}
          className="animate-pop-in absolute top-full right-0 z-50 mt-2 w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {MORE_LINKS.map((link) => (
            <Link key={link.to} to={link.to} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ))}
          {adminLinks.length > 0 && (
            <>
              <div role="separator" className="-mx-1 my-1 h-px bg-border" />
              <p className="flex items-center gap-2 px-2 py-1.5 text-xs font-medium text-muted-foreground">
                <ShieldIcon aria-hidden="true" className="size-3.5" /> Admin
              </p>
              {adminLinks.map((link) => (
                <Link key={link.to} to={link.to} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                  {link.label}
                  <AdminLinkCount count={adminCounts?.[link.to]} />
                </Link>
              ))}
            </>
          )}
        </div>
      )}
    </div>
  );
}
