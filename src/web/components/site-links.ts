/** The navigation of spec §2, in one place for the bar, the drawer and the footer. */
export interface SiteLink {
  to: string;
  label: string;
}

export const PRIMARY_LINKS: SiteLink[] = [
  { to: '/', label: 'Home' },
  { to: '/overview', label: 'Overview' },
  { to: '/about', label: 'About' },
];

export const MORE_LINKS: SiteLink[] = [
  { to: '/help', label: 'Help' },
  { to: '/contact', label: 'Contact' },
  { to: '/feedback', label: 'Feedback' },
  { to: '/share-it', label: 'Share' },
];

/**
 * A signed-in person's Security page (issue 36 item 6): inside the back-office for admins, beside Overview for
 * everyone else.
 */
export function securityPagePath(isStaff: boolean): string {
  return isStaff ? '/admin/security' : '/account/security';
}

/** Counts shown beside admin links (the inbox's unread messages), by path; passed down from the root. */
export type AdminLinkCounts = Partial<Record<string, number>>;

export const ADMIN_LINKS: SiteLink[] = [
  { to: '/admin', label: 'Admin Dashboard' },
  { to: '/admin/jots', label: 'Jots Management' },
  { to: '/admin/build-guids', label: 'Build GUIDs' },
  { to: '/admin/inbox', label: 'Inbox' },
  { to: '/admin/audit', label: 'Audit Log' },
  { to: '/admin/emails', label: 'E-mail Previews' },
  { to: '/admin/campaigns', label: 'Campaigns' },
  { to: '/admin/affiliates', label: 'Affiliate Products' },
  { to: '/admin/testimonials', label: 'Testimonials' },
  { to: '/admin/pages', label: 'Pages' },
  { to: '/api-tester', label: 'API Tester' },
];

export const FOOTER_GROUPS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/#download', label: 'Download' },
      { to: '/overview', label: 'Overview' },
      { to: '/api-tester', label: 'API Tester' },
      { to: '/docs', label: 'API Reference' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
      { to: '/share-it', label: 'Share It' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help & FAQ' },
      { to: '/feedback', label: 'Feedback' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
    ],
  },
];
