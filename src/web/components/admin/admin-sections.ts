/**
 * Every section of the back-office (issue 26 §1), grouped as the sidebar shows them. The sidebar, the mobile
 * drawer and the command palette all read this one list, so a new screen is added here once.
 */
import {
  ChartNoAxesColumnIcon,
  FileTextIcon,
  FingerprintIcon,
  HelpCircleIcon,
  HistoryIcon,
  InboxIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  MailOpenIcon,
  MegaphoneIcon,
  NewspaperIcon,
  NotebookPenIcon,
  QuoteIcon,
  RocketIcon,
  ShoppingBagIcon,
  TerminalIcon,
  UsersIcon,
  WebhookIcon,
} from 'lucide-react';
import { can, type Permission, type Role } from '../../../shared/permissions';

/** The live figures a section may show beside its name (each from the dashboard's stats). */
export type AdminCountKey = 'unreadInbox' | 'pendingUsers' | 'unsyncedLeads';
export type AdminCounts = Partial<Record<AdminCountKey, number>>;

export interface AdminSection {
  to: string;
  label: string;
  icon: LucideIcon;
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
    sections: [{ to: '/admin', label: 'Dashboard', icon: LayoutDashboardIcon, keywords: ['home', 'stats'], permission: 'admin.enter' }],
  },
  {
    title: 'Audience',
    sections: [
      { to: '/admin/analytics', label: 'Analytics', icon: ChartNoAxesColumnIcon, keywords: ['visitors', 'traffic', 'funnel', 'referrers', 'utm'], permission: 'dashboard.read' },
      { to: '/admin/leads', label: 'Leads', icon: MailIcon, keywords: ['emails', 'kit', 'export'], count: { key: 'unsyncedLeads', label: 'not synced' }, permission: 'leads.read' },
      { to: '/admin/inbox', label: 'Inbox', icon: InboxIcon, keywords: ['messages', 'contact', 'feedback'], count: { key: 'unreadInbox', label: 'unread' }, permission: 'inbox.manage' },
      { to: '/admin/campaigns', label: 'Campaigns', icon: RocketIcon, keywords: ['landing', 'utm'], permission: 'content.manage' },
      { to: '/admin/affiliates', label: 'Affiliates', icon: ShoppingBagIcon, keywords: ['products'], permission: 'content.manage' },
    ],
  },
  {
    title: 'Content',
    sections: [
      { to: '/admin/blog', label: 'Blog', icon: NewspaperIcon, keywords: ['posts', 'articles'], permission: 'posts.write' },
      { to: '/admin/pages', label: 'Pages', icon: FileTextIcon, permission: 'content.manage' },
      { to: '/admin/faq', label: 'FAQ & Help', icon: HelpCircleIcon, keywords: ['questions', 'video'], permission: 'content.manage' },
      { to: '/admin/testimonials', label: 'Testimonials', icon: QuoteIcon, keywords: ['quotes'], permission: 'content.manage' },
      { to: '/admin/banners', label: 'Banners', icon: MegaphoneIcon, keywords: ['announcements'], permission: 'content.manage' },
    ],
  },
  {
    title: 'Product',
    sections: [
      { to: '/admin/jots', label: 'Jots', icon: NotebookPenIcon, keywords: ['notes', 'test jot'], permission: 'jots.readAll' },
      { to: '/admin/build-guids', label: 'Build GUIDs & Clients', icon: FingerprintIcon, keywords: ['guid', 'clients', 'builds'], permission: 'buildGuids.manage' },
      { to: '/admin/api-tester', label: 'API Tester', icon: TerminalIcon, keywords: ['api', 'curl'], permission: 'admin.enter' },
    ],
  },
  {
    title: 'Administration',
    sections: [
      { to: '/admin/users', label: 'Users', icon: UsersIcon, keywords: ['accounts', 'roles', 'approve'], count: { key: 'pendingUsers', label: 'pending' }, permission: 'users.approve' },
      { to: '/admin/audit', label: 'Audit log', icon: HistoryIcon, keywords: ['history', 'changes'], permission: 'audit.read' },
      { to: '/admin/webhooks', label: 'Webhooks', icon: WebhookIcon, keywords: ['endpoints', 'deliveries', 'integrations', 'events'], permission: 'webhooks.manage' },
      { to: '/admin/emails', label: 'E-mail previews', icon: MailOpenIcon, keywords: ['mail', 'templates', 'unsubscribe'], permission: 'mail.preview' },
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
