import { FileTextIcon, FolderIcon, MegaphoneIcon, PencilLineIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { useBlogStats } from '../api/blog-stats';

/** Spec §2: Total Posts with the published count, Draft Posts, Categories, Active Ads with the total. */
export function SummaryCards() {
  const statsQuery = useBlogStats();
  const stats = statsQuery.data;
  const cards: { label: string; value: number | undefined; detail: ReactNode; icon: ReactNode }[] = [
    {
      label: 'Total Posts',
      value: stats?.totalPosts,
      detail: stats && `${stats.publishedPosts} published`,
      icon: <FileTextIcon aria-hidden="true" />,
    },
    {
      label: 'Draft Posts',
      value: stats?.draftPosts,
      detail: stats && (stats.scheduledPosts > 0 ? `${stats.scheduledPosts} scheduled` : 'Not yet published'),
      icon: <PencilLineIcon aria-hidden="true" />,
    },
    {
      label: 'Categories',
      value: stats?.categories,
      detail: 'On the public blog',
      icon: <FolderIcon aria-hidden="true" />,
    },
    {
      label: 'Active Ads',
      value: stats?.activeAds,
      detail: stats && `${stats.totalAds} total`,
      icon: <MegaphoneIcon aria-hidden="true" />,
    },
  ];
  return (
    <ul aria-label="Blog summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <li key={card.label}>
          <Card className="h-full py-4">
            <CardContent className="px-4">
              <dl className="flex flex-col gap-1">
                <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground [&_svg]:size-4">
                  {card.label} {card.icon}
                </dt>
                <dd className="text-2xl font-bold">
                  {card.value ?? (statsQuery.isError ? '–' : <Skeleton className="h-8 w-12" />)}
                </dd>
                <dd className="text-xs text-muted-foreground">
                  {statsQuery.isError ? 'Could not load' : (card.detail ?? <Skeleton className="h-3 w-20" />)}
                </dd>
              </dl>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
