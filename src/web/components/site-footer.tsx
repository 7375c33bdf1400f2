import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { FOOTER_GROUPS, type SiteLink } from './site-links';

/** `extraLinks`: published content pages (issue 12), listed under Company. */
export function SiteFooter({ extraLinks = [] }: { extraLinks?: SiteLink[] }) {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Capture ideas in seconds from your system tray. Free for Windows; macOS coming soon.
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <div key={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {(group.title === 'Company' ? [...group.links, ...extraLinks] : group.links).map((link) => (
                <li key={link.to}>
                  {link.to.startsWith('/docs') ? (
                    <a href={link.to} className="text-sm text-muted-foreground hover:text-foreground">
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <p className="text-xs text-muted-foreground">
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
          <ThemeToggle />
        </div>
      </div>
    </footer>
  );
}
