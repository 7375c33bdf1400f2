import type { ReactNode } from 'react';
import { NavBar } from './nav-bar';
import type { AdminLinkCounts, SiteLink } from './site-links';
import { SiteFooter } from './site-footer';

/** The frame of every page: skip link, banner strip, navigation, content, footer. */
export function SiteLayout({
  children,
  counter,
  banners,
  adminCounts,
  footerLinks,
}: {
  children: ReactNode;
  counter?: ReactNode;
  banners?: ReactNode;
  adminCounts?: AdminLinkCounts;
  /** Published content pages (issue 12), added to the footer's Company group. */
  footerLinks?: SiteLink[];
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div data-slot="banner-strip">{banners}</div>
      <NavBar counter={counter} adminCounts={adminCounts} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter extraLinks={footerLinks} />
    </div>
  );
}
