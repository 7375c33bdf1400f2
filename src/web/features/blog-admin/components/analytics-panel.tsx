/**
 * Analytics (issue 11, beyond the spec's placeholder): unique visitors (views counted once per visitor a day, decision 0021) and likes, per day over 30 days as a chart
 * (recharts, lazy), the top posts, and visitors and likes per post.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { AlertTriangleIcon, BarChart3Icon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { BlogStats } from '../../../../shared/schemas/blog';
import { DataTable, DataTableEmpty, useDataTableState, wholeListRows } from '~/components/data-table';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { useBlogStats } from '../api/blog-stats';
import { collectionTableOptions } from './collection-panel';
import { StatusBadge } from './status-badge';

const ViewsChart = lazy(() => import('./views-chart'));
const number = new Intl.NumberFormat('en-US');
/** Shares the blog screen's URL with the other panels: its page is `analyticsPage`. */
const TABLE_OPTIONS = collectionTableOptions('analytics');

type PostStats = BlogStats['posts'][number];

/** Post, Status, Unique visitors, Likes — the table from 768 px; the cards below it keep both counts. */
const POST_COLUMNS: Array<ColumnDef<PostStats, unknown> & { id: string }> = [
  { id: 'title', header: 'Post', meta: { cellClassName: 'max-w-64 whitespace-normal wrap-anywhere' }, cell: ({ row }) => row.original.title },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    id: 'viewCount',
    header: () => <span className="block text-right">Unique visitors</span>,
    enableHiding: false,
    meta: { cellClassName: 'text-right tabular-nums' },
    cell: ({ row }) => number.format(row.original.viewCount),
  },
  {
    id: 'likeCount',
    header: () => <span className="block text-right">Likes</span>,
    enableHiding: false,
    meta: { cellClassName: 'text-right tabular-nums' },
    cell: ({ row }) => number.format(row.original.likeCount),
  },
];

function PostStatsCard({ post }: { post: PostStats }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium wrap-anywhere">{post.title}</p>
        <StatusBadge status={post.status} />
      </div>
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-muted-foreground">Unique visitors</dt>
          <dd className="font-semibold tabular-nums">{number.format(post.viewCount)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Likes</dt>
          <dd className="font-semibold tabular-nums">{number.format(post.likeCount)}</dd>
        </div>
      </dl>
    </>
  );
}

export function AnalyticsPanel() {
  const table = useDataTableState(TABLE_OPTIONS);
  const statsQuery = useBlogStats();
  if (statsQuery.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading analytics...</span>
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (statsQuery.isError) {
    return (
      <Card>
        <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
          <p className="text-destructive">Failed to fetch blog analytics</p>
          <Button variant="outline" onClick={() => void statsQuery.refetch()}>
            Retry
          </Button>
        </CardContent>
      </Card>
    );
  }
  const stats = statsQuery.data;
  const viewsInPeriod = stats.viewsPerDay.reduce((sum, day) => sum + day.views, 0);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3">
        {[
          ['Unique visitors, all time', stats.totalViews],
          ['Likes (one per visitor)', stats.totalLikes],
          ['Unique visitors, last 30 days', viewsInPeriod],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold">{number.format(Number(value))}</dd>
          </div>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Unique visitors per day (30 days)</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <ViewsChart days={stats.viewsPerDay} />
          </Suspense>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-muted-foreground">Unique visitors per day as a table</summary>
            <Table aria-label="Unique visitors per day">
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead className="text-right">Unique visitors</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {stats.viewsPerDay.map((day) => (
                  <TableRow key={day.date}>
                    <TableCell>{day.date}</TableCell>
                    <TableCell className="text-right">{day.views}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </details>
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Top posts</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {stats.topPosts.length === 0 ? (
              <p className="text-sm text-muted-foreground">No views yet.</p>
            ) : (
              <ol aria-label="Top posts" className="flex flex-col gap-2">
                {stats.topPosts.map((post, index) => (
                  <li key={post.id} className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate">
                      <span className="text-muted-foreground">{index + 1}.</span> {post.title}
                    </span>
                    <span className="shrink-0 text-muted-foreground">
                      {number.format(post.viewCount)} views · {number.format(post.likeCount)} likes
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Unique visitors and likes per post</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <DataTable
              label="Unique visitors and likes per post"
              table={table}
              columns={POST_COLUMNS}
              {...wholeListRows(statsQuery, table, (data) => data.posts)}
              getRowId={(post) => post.id}
              loadingLabel="Loading analytics..."
              errorTitle="Failed to fetch blog analytics"
              renderCard={(post) => <PostStatsCard post={post} />}
              empty={<DataTableEmpty icon={<BarChart3Icon aria-hidden="true" className="size-8 text-muted-foreground" />} title="No posts yet." />}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
