/**
 * Every section of the back-office (issue 26 §1), grouped as the sidebar shows them. The sidebar, the mobile
 * drawer and the command palette all read this one list, so a new screen is added here once (with its icon's name:
 * the icons themselves are in ./admin-section-icons.ts, which only the back-office loads; the public site's frame
 * reads this list for who may open what, and its first JavaScript stays without them, decision 0083).
 */
import type { AdminSectionIconName } from './admin-section-icons';
import { can, type Permission, type Role } from '../../../shared/permissions';

/** The live figures a section may show beside its name (each from the dashboard's stats). */
export type AdminCountKey = 'unreadInbox' | 'pendingUsers' | 'unsyncedLeads';
export type AdminCounts = Partial<Record<AdminCountKey, number>>;

export interface AdminSection {
  to: string;
  label: string;
  /** Drawn by the back-office (./admin-section-icons.ts); the public nav reads this list without the icons' code. */
  icon: AdminSectionIconName;
  /** Other words the command palette matches ("users" finds "Users", "accounts" too). */
  keywords?: string[];
  count?: { key: AdminCountKey; label: string };
  /** Who sees it (decision 0050): the sidebar, the drawer and the palette leave it out for anyone else. */
  permission: Permission;
}

export interface AdminSectionGroup {
  title: string;
  sections: AdminSection[];
}

export const ADMIN_SECTION_GROUPS: AdminSectionGroup[] = [
  {
    title: 'Overview',
    sections: [{ to: '/admin', label: 'Dashboard', icon: 'dashboard', keywords: ['home', 'stats'], permission: 'admin.enter' }],
  },
  {
    title: 'Audience',
    sections: [
      { to: '/admin/analytics', label: 'Analytics', icon: 'analytics', keywords: ['visitors', 'traffic', 'funnel', 'referrers', 'utm'], permission: 'dashboard.read' },
      { to: '/admin/leads', label: 'Leads', icon: 'leads', keywords: ['emails', 'kit', 'export'], count: { key: 'unsyncedLeads', label: 'not synced' }, permission: 'leads.read' },
      { to: '/admin/inbox', label: 'Inbox', icon: 'inbox', keywords: ['messages', 'contact', 'feedback'], count: { key: 'unreadInbox', label: 'unread' }, permission: 'inbox.manage' },
      { to: '/admin/campaigns', label: 'Campaigns', icon: 'campaigns', keywords: ['landing', 'utm'], permission: 'content.manage' },
      { to: '/admin/affiliates', label: 'Affiliates', icon: 'affiliates', keywords: ['products'], permission: 'content.manage' },
    ],
  },
  {
    title: 'Content',
    sections: [
      { to: '/admin/blog', label: 'Blog', icon: 'blog', keywords: ['posts', 'articles'], permission: 'posts.write' },
      { to: '/admin/pages', label: 'Pages', icon: 'pages', permission: 'content.manage' },
      { to: '/admin/faq', label: 'FAQ & Help', icon: 'faq', keywords: ['questions', 'video'], permission: 'content.manage' },
      { to: '/admin/testimonials', label: 'Testimonials', icon: 'testimonials', keywords: ['quotes'], permission: 'content.manage' },
      { to: '/admin/banners', label: 'Banners', icon: 'banners', keywords: ['announcements'], permission: 'content.manage' },
    ],
  },
  {
    title: 'Product',
    sections: [
      { to: '/admin/jots', label: 'Jots', icon: 'jots', keywords: ['notes', 'test jot'], permission: 'jots.readAll' },
      { to: '/admin/build-guids', label: 'Build GUIDs & Clients', icon: 'buildGuids', keywords: ['guid', 'clients', 'builds'], permission: 'buildGuids.manage' },
      { to: '/admin/api-tester', label: 'API Tester', icon: 'apiTester', keywords: ['api', 'curl'], permission: 'admin.enter' },
    ],
  },
  {
    title: 'Administration',
    sections: [
      { to: '/admin/users', label: 'Users', icon: 'users', keywords: ['accounts', 'roles', 'approve'], count: { key: 'pendingUsers', label: 'pending' }, permission: 'users.approve' },
      { to: '/admin/audit', label: 'Audit log', icon: 'audit', keywords: ['history', 'changes'], permission: 'audit.read' },
      { to: '/admin/webhooks', label: 'Webhooks', icon: 'webhooks', keywords: ['endpoints', 'deliveries', 'integrations', 'events'], permission: 'webhooks.manage' },
      { to: '/admin/emails', label: 'E-mail previews', icon: 'emails', keywords: ['mail', 'templates', 'unsubscribe'], permission: 'mail.preview' },
    ],
  },
];

export const ADMIN_SECTIONS: AdminSection[] = ADMIN_SECTION_GROUPS.flatMap((group) => group.sections);

/** The groups and sections a role may open (decision 0050); a group left empty is left out. */
export function adminSectionGroupsFor(role: Role | null): AdminSectionGroup[] {
  return ADMIN_SECTION_GROUPS.map((group) => ({ ...group, sections: group.sections.filter((section) => can(role, section.permission)) })).filter(
    (group) => group.sections.length > 0,
  );
}

/** The section a path belongs to: the longest section path that is the path or a parent of it. */
export function currentAdminSection(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: AdminSection | undefined;
  for (const section of ADMIN_SECTIONS) {
    const matches = path === section.to || path.startsWith(`${section.to}/`);
    if (matches && (!best || section.to.length > best.to.length)) best = section;
  }
  return best;
}

/** Whether a path is drawn in the admin frame (the public frame's banners, nav and footer stay out). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
