/**
 * The admin dashboard (/admin, spec §2): a card per admin area with its live figure, the two 30-day charts, and
 * for staff without the site-wide figures (decision 0050) the cards of their own areas alone.
 */
import {
  AlertTriangleIcon,
  ChevronRightIcon,
  FingerprintIcon,
  HelpCircleIcon,
  HistoryIcon,
  InboxIcon,
  MegaphoneIcon,
  MessageSquareTextIcon,
  NewspaperIcon,
  SendIcon,
  UsersIcon,
  MailIcon,
  MailCheckIcon,
  RocketIcon,
  ShoppingBagIcon,
  QuoteIcon,
  FileTextIcon,
} from 'lucide-react';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import type { AdminStats } from '../../../../shared/schemas/admin-stats';
import { DaySeriesChart, StackedBarsChart } from '~/components/charts';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { currentAdminSection } from '~/components/admin/admin-sections';
import { useAdminStats } from '../api/get-admin-stats';
import { useAuth } from '~/lib/auth';
import { can, roleOfUser, type Role } from '../../../../shared/permissions';
import { serverErrorText } from '~/lib/api-client';

const number = (value: number) => value.toLocaleString('en-US');

/** A card's live figure: the headline number, its label, and an optional second line. */
interface Figure {
  value: number;
  label: string;
  detail?: string;
  /** Draws attention (unread messages, pending users, unsynced leads). */
  isAttention?: boolean;
}

/** An admin area as the dashboard shows it. */
interface Section {
  to: string;
  title: string;
  description: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  figure?: (stats: AdminStats) => Figure;
}

const SECTIONS: Section[] = [
  {
    to: '/admin/leads',
    title: 'Leads',
    description: 'The list of captured e-mails and its CSV export.',
    icon: MailIcon,
    figure: (stats) => ({
      value: stats.leads.last7Days,
      label: 'in 7 days',
      detail: `${number(stats.leads.unsyncedLast7Days)} not synced`,
      isAttention: stats.leads.unsyncedLast7Days > 0,
    }),
  },
  {
    to: '/admin/blog',
    title: 'Blog',
    description: 'Writing, scheduling and publishing posts; categories, ads and analytics.',
    icon: NewspaperIcon,
    figure: (stats) => ({ value: stats.publishedPosts, label: 'published' }),
  },
  {
    to: '/admin/faq',
    title: 'FAQ',
    description: 'Editing the questions shown on the Help page.',
    icon: HelpCircleIcon,
    figure: (stats) => ({ value: stats.publishedFaqs, label: 'published' }),
  },
  {
    to: '/admin/users',
    title: 'Users',
    description: 'Approve sign-ups, grant admin rights, add or remove accounts.',
    icon: UsersIcon,
    figure: (stats) => ({ value: stats.pendingUsers, label: 'pending approval', isAttention: stats.pendingUsers > 0 }),
  },
  {
    to: '/admin/build-guids',
    title: 'Build GUIDs',
    description: 'Encryption keys for decrypting jots from the desktop app.',
    icon: FingerprintIcon,
    figure: (stats) => ({ value: stats.buildGuids, label: 'keys' }),
  },
  {
    to: '/admin/jots',
    title: 'Jots',
    description: 'Every jot received, with search and a test jot.',
    icon: MessageSquareTextIcon,
    figure: (stats) => ({ value: stats.jots.today, label: 'today', detail: `${number(stats.jots.last7Days)} in 7 days` }),
  },
  {
    to: '/admin/banners',
    title: 'Banners',
    description: 'Editing the site-wide notification banners.',
    icon: MegaphoneIcon,
    figure: (stats) => ({ value: stats.activeBanners, label: 'showing now' }),
  },
  {
    to: '/admin/inbox',
    title: 'Inbox',
    description: 'Feedback and contact messages from the site.',
    icon: InboxIcon,
    figure: (stats) => ({ value: stats.unreadInbox, label: 'unread', isAttention: stats.unreadInbox > 0 }),
  },
  {
    to: '/admin/testimonials',
    title: 'Testimonials',
    description: "Customer quotes for the home page's social proof.",
    icon: QuoteIcon,
  },
  {
    to: '/admin/pages',
    title: 'Pages',
    description: 'Content pages served at /p/{slug}, written in Markdown.',
    icon: FileTextIcon,
  },
  {
    to: '/admin/audit',
    title: 'Audit log',
    description: 'Every admin change: who, what, when and from where.',
    icon: HistoryIcon,
  },
  {
    to: '/admin/emails',
    title: 'E-mail previews',
    description: 'Every e-mail the site sends, with sample data, light and dark.',
    icon: MailCheckIcon,
  },
  {
    to: '/admin/campaigns',
    title: 'Campaigns',
    description: 'Landing pages at /c/{slug}: visits, leads and conversion.',
    icon: RocketIcon,
  },
  {
    to: '/admin/affiliates',
    title: 'Affiliate products',
    description: 'Products that blog ads link to through /go/{id}, with clicks.',
    icon: ShoppingBagIcon,
  },
];

/**
 * Spec §2 Admin dashboard: a card per admin area with its live figure (issue 10 §4), and two 30-day charts. Staff
 * whose role does not read the site-wide figures (decision 0050) get the cards of their own areas, without figures.
 */
export function DashboardScreen() {
  const role = roleOfUser(useAuth().user);
  return can(role, 'dashboard.read') ? <Dashboard /> : <SectionCards role={role} />;
}

function SectionCards({ role }: { role: Role | null }) {
  const sections = SECTIONS.filter(({ to }) => can(role, currentAdminSection(to)?.permission ?? 'dashboard.read'));
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {sections.map((section) => (
        <li key={section.to}>
          <DashboardCard section={section} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One admin area's card, the same in both lists: the full dashboard puts the area's live figure (`children`)
 * between its title and description; staff without the figures get the card alone.
 */
function DashboardCard({ section: { to, title, description, icon: Icon }, children }: { section: Section; children?: ReactNode }) {
  return (
    <Link
      to={to}
      data-testid={`dashboard-card-${to.split('/').pop()}`}
      className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors outline-none hover:border-primary/50 hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold">{title}</span>
        {children}
        <span className="text-sm text-muted-foreground">{description}</span>
      </span>
      <ChevronRightIcon
        aria-hidden="true"
        className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
      />
    </Link>
  );
}

function Dashboard() {
  const statsQuery = useAdminStats();
  const stats = statsQuery.data;
  return (
    <div className="flex flex-col gap-8">
      {statsQuery.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 p-4 sm:flex-row sm:items-center">
          <AlertTriangleIcon aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          <p className="flex-1 text-sm">
            <span className="font-medium">The figures could not be loaded.</span>{' '}
            <span className="text-muted-foreground">{serverErrorText(statsQuery.error) ?? 'Please try again.'}</span>
          </p>
          <Button variant="outline" size="sm" onClick={() => void statsQuery.refetch()}>
            Retry
          </Button>
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((section) => {
          const value = stats && section.figure ? section.figure(stats) : undefined;
          return (
            <li key={section.to}>
              <DashboardCard section={section}>
                {section.figure &&
                  (value ? (
                    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="figure">
                      <span className="text-2xl font-bold tabular-nums" data-testid="figure-value">
                        {number(value.value)}
                      </span>
                      <span className="text-sm text-muted-foreground">{value.label}</span>
                      {value.detail && (
                        <Badge variant={value.isAttention && section.title === 'Leads' ? 'secondary' : 'outline'} className="tabular-nums">
                          {value.detail}
                        </Badge>
                      )}
                    </span>
                  ) : statsQuery.isPending ? (
                    <Skeleton className="h-8 w-24" aria-hidden="true" />
                  ) : null)}
              </DashboardCard>
            </li>
          );
        })}
        <li>
          <div className="flex h-full items-start gap-4 rounded-xl border border-dashed p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
              <SendIcon aria-hidden="true" className="size-5" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-semibold">Invitations sent</span>
              {stats ? (
                <span className="flex flex-wrap items-baseline gap-x-2" data-testid="invitations-figure">
                  <span className="text-2xl font-bold tabular-nums">{number(stats.invitations.today)}</span>
                  <span className="text-sm text-muted-foreground">
                    today · {number(stats.invitations.perDay.slice(-7).reduce((sum, day) => sum + day.count, 0))} in 7 days
                  </span>
                </span>
              ) : statsQuery.isPending ? (
                <Skeleton className="h-8 w-24" aria-hidden="true" />
              ) : null}
              {stats && (
                <span className="text-sm text-muted-foreground" data-testid="invitations-hourly-cap">
                  {number(stats.invitations.lastHour)} of {number(stats.invitations.hourlyCap)} allowed in the last hour
                  {stats.invitations.lastHour >= stats.invitations.hourlyCap ? ' — the cap is reached; new invitations wait.' : '.'}
                </span>
              )}
              <span className="text-sm text-muted-foreground">Counted per day; the addresses are not listed.</span>
            </span>
          </div>
        </li>
      </ul>

      <section aria-labelledby="dashboard-charts" className="flex flex-col gap-4">
        <h2 id="dashboard-charts" className="text-lg font-semibold">
          Last 30 days
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <h3 className="font-semibold">Jots per day</h3>
            </CardHeader>
            <CardContent data-testid="chart-jots">
              {stats ? (
                <DaySeriesChart
                  label="Jots per day, last 30 days"
                  data={stats.series.jotsPerDay}
                  unit={{ one: 'jot', other: 'jots' }}
                  isLastDayPartial
                />
              ) : (
                <Skeleton className="h-60 w-full" />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h3 className="font-semibold">Leads per day by source</h3>
            </CardHeader>
            <CardContent data-testid="chart-leads">
              {stats ? (
                stats.series.leadSources.length === 0 ? (
                  <p className="flex h-60 items-center justify-center text-center text-sm text-muted-foreground">
                    No leads in the last 30 days.
                  </p>
                ) : (
                  <StackedBarsChart
                    label="Leads per day by source, last 30 days"
                    data={stats.series.leadsPerDayBySource}
                    keys={stats.series.leadSources}
                    keyLabels={stats.series.sourceLabels}
                    unit={{ one: 'lead', other: 'leads' }}
                    isLastDayPartial
                  />
                )
              ) : (
                <Skeleton className="h-60 w-full" />
              )}
            </CardContent>
          </Card>
        </div>
      </section>
    </div>
  );
}
