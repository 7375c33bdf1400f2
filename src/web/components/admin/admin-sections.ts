/**
 * Every section of the back-office (issue 26 §1), grouped as the sidebar shows them. The sidebar, the mobile
 * drawer and the command palette all read this one list, so a new screen is added here once.
 */
import {
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
} from 'lucide-react';

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
}

export interface AdminSectionGroup {
  title: string;
  sections: AdminSection[];
}

export const ADMIN_SECTION_GROUPS: AdminSectionGroup[] = [
  {
    title: 'Overview',
    sections: [{ to: '/admin', label: 'Dashboard', icon: LayoutDashboardIcon, keywords: ['home', 'stats'] }],
  },
  {
    title: 'Audience',
    sections: [
      { to: '/admin/leads', label: 'Leads', icon: MailIcon, keywords: ['emails', 'kit', 'export'], count: { key: 'unsyncedLeads', label: 'not synced' } },
      { to: '/admin/inbox', label: 'Inbox', icon: InboxIcon, keywords: ['messages', 'contact', 'feedback'], count: { key: 'unreadInbox', label: 'unread' } },
      { to: '/admin/campaigns', label: 'Campaigns', icon: RocketIcon, keywords: ['landing', 'utm'] },
      { to: '/admin/affiliates', label: 'Affiliates', icon: ShoppingBagIcon, keywords: ['products'] },
    ],
  },
  {
    title: 'Content',
    sections: [
      { to: '/admin/blog', label: 'Blog', icon: NewspaperIcon, keywords: ['posts', 'articles'] },
      { to: '/admin/pages', label: 'Pages', icon: FileTextIcon },
      { to: '/admin/faq', label: 'FAQ & Help', icon: HelpCircleIcon, keywords: ['questions', 'video'] },
      { to: '/admin/testimonials', label: 'Testimonials', icon: QuoteIcon, keywords: ['quotes'] },
      { to: '/admin/banners', label: 'Banners', icon: MegaphoneIcon, keywords: ['announcements'] },
    ],
  },
  {
    title: 'Product',
    sections: [
      { to: '/admin/jots', label: 'Jots', icon: NotebookPenIcon, keywords: ['notes', 'test jot'] },
      { to: '/admin/build-guids', label: 'Build GUIDs & Clients', icon: FingerprintIcon, keywords: ['guid', 'clients', 'builds'] },
      { to: '/api-tester', label: 'API Tester', icon: TerminalIcon, keywords: ['api', 'curl'] },
    ],
  },
  {
    title: 'Administration',
    sections: [
      { to: '/admin/users', label: 'Users', icon: UsersIcon, keywords: ['accounts', 'roles', 'approve'], count: { key: 'pendingUsers', label: 'pending' } },
      { to: '/admin/audit', label: 'Audit log', icon: HistoryIcon, keywords: ['history', 'changes'] },
      { to: '/admin/emails', label: 'E-mail previews', icon: MailOpenIcon, keywords: ['mail', 'templates', 'unsubscribe'] },
    ],
  },
];

export const ADMIN_SECTIONS: AdminSection[] = ADMIN_SECTION_GROUPS.flatMap((group) => group.sections);

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
