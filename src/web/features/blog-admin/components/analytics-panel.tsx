/**
 * Analytics (issue 11, beyond the spec's placeholder): unique visitors (views counted once per visitor a day, decision 0021) and likes, per day over 30 days as a chart
 * (recharts, lazy), the top posts, and visitors and likes per post.
 */
import { AlertTriangleIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { useBlogStats } from '../api/blog-stats';
import { StatusBadge } from './status-badge';

const ViewsChart = lazy(() => import('./views-chart'));
const number = new Intl.NumberFormat('en-US');

export function AnalyticsPanel() {
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
          <CardContent className="overflow-x-auto">
            <Table aria-label="Unique visitors and likes per post">
              <TableHeader>
                <TableRow>
                  <TableHead>Post</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Unique visitors</TableHead>
                  <TableHead className="text-right">Likes</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {stats.posts.map((post) => (
                  <TableRow key={post.id}>
                    <TableCell className="max-w-48 truncate">{post.title}</TableCell>
                    <TableCell>
                      <StatusBadge status={post.status} />
                    </TableCell>
                    <TableCell className="text-right">{number.format(post.viewCount)}</TableCell>
                    <TableCell className="text-right">{number.format(post.likeCount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
