import {
  ChevronRightIcon,
  FingerprintIcon,
  HelpCircleIcon,
  MegaphoneIcon,
  MessageSquareTextIcon,
  NewspaperIcon,
  UsersIcon,
  MailIcon,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { pageTitle } from '../../../shared/brand';
import { Badge } from '~/components/ui/badge';
import { AdminPage, adminMeta } from '~/features/accounts';

export const meta = adminMeta(pageTitle('Admin Dashboard'));

/*
 * A card describes what its page does today: the leads, blog, FAQ and banner screens come with later releases, so
 * their cards say so rather than promise an editor that is not there.
 */
const SECTIONS: Array<{
  to: string;
  title: string;
  description: string;
  isComingSoon?: boolean;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}> = [
  {
    to: '/admin/leads',
    title: 'Leads',
    description: 'The list of captured e-mails and its CSV export.',
    isComingSoon: true,
    icon: MailIcon,
  },
  {
    to: '/admin/blog',
    title: 'Blog',
    description: 'Writing, scheduling and publishing posts; categories, ads and analytics.',
    icon: NewspaperIcon,
  },
  {
    to: '/admin/faq',
    title: 'FAQ',
    description: 'Editing the questions shown on the Help page.',
    isComingSoon: true,
    icon: HelpCircleIcon,
  },
  {
    to: '/admin/users',
    title: 'Users',
    description: 'Approve sign-ups, grant admin rights, add or remove accounts.',
    icon: UsersIcon,
  },
  {
    to: '/admin/build-guids',
    title: 'Build GUIDs',
    description: 'Encryption keys for decrypting jots from the desktop app.',
    icon: FingerprintIcon,
  },
  {
    to: '/admin/jots',
    title: 'Jots',
    description: 'Every jot received, with search and a test jot.',
    icon: MessageSquareTextIcon,
  },
  {
    to: '/admin/banners',
    title: 'Banners',
    description: 'Editing the site-wide notification banners.',
    isComingSoon: true,
    icon: MegaphoneIcon,
  },
];

/** Spec §2 Admin dashboard: a card per admin area. */
export default function AdminDashboardPage() {
  return (
    <AdminPage
      title="Admin Dashboard"
      description="Manage the site's content, its users and the jot API."
      showBackLink={false}
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map(({ to, title, description, isComingSoon, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors outline-none hover:border-primary/50 hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {title}
                  {isComingSoon && <Badge variant="outline">Coming soon</Badge>}
                </span>
                <span className="text-sm text-muted-foreground">{description}</span>
              </span>
              <ChevronRightIcon
                aria-hidden="true"
                className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
              />
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
