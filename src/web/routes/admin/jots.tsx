import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangleIcon, FlaskConicalIcon, InboxIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/lib/toast';
import { pageTitle } from '../../../shared/brand';
import { ADMIN_JOTS_PAGE_SIZE } from '../../../shared/constants';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Pager } from '~/components/pager';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { getBuildGuidsQueryOptions, newestBuildGuid } from '~/features/build-guids';
import { JotRecords, JotSearchCard, type JotsPageRequest, pageRequest, useCreateTestJot, useJots } from '~/features/jots';
import { serverMessageOr } from '~/lib/api-client';

export const meta = adminMeta(pageTitle('Jots Management'), 'Jots received from the JotIt desktop app.');

/** Spec §2 Jots Management: test jot, refresh, stats, search, the records (decrypted) and paging by 50. */
export default function JotsPage() {
  return (
    <AdminPage
      title="Jots Management"
      description="Every jot received from the desktop app, decrypted. Visitors only ever see a count, a time and a place."
    >
      <JotsManagement />
    </AdminPage>
  );
}

function JotsManagement() {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<JotsPageRequest>({ limit: ADMIN_JOTS_PAGE_SIZE, offset: 0 });
  const { offset } = request;
  const jotsQuery = useJots(request);
  const createTestJot = useCreateTestJot();
  const total = jotsQuery.data?.total ?? 0;
  const jots = jotsQuery.data?.jots ?? [];
  const page = Math.floor(offset / ADMIN_JOTS_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / ADMIN_JOTS_PAGE_SIZE));
  // Issue 26: a test jot is a real jot (public counter, Latest ideas), so the button asks first.
  const [isConfirmingTestJot, setIsConfirmingTestJot] = useState(false);

  // A real v2 jot, encrypted on the server with the newest build GUID, so it arrives decrypted like any other.
  async function sendTestJot() {
    try {
      const guids = await queryClient.fetchQuery({ ...getBuildGuidsQueryOptions(), staleTime: 0 });
      const guid = newestBuildGuid(guids);
      if (!guid) {
        toast.error('Failed to create test jot', { description: 'Add a build GUID first: test jots are encrypted with the newest one.' });
        return;
      }
      const { id } = await createTestJot.mutateAsync({
        content: `Test jot from the admin panel, ${new Date().toLocaleString('en-US')}`,
        buildGuidName: guid.name,
      });
      setRequest({ limit: ADMIN_JOTS_PAGE_SIZE, offset: 0 });
      toast.success('Test Jot Created', { description: `Jot #${id} was encrypted with ${guid.name} and stored.` });
    } catch (error) {
      toast.error('Failed to create test jot', { description: serverMessageOr(error, 'Please try again.') });
    } finally {
      setIsConfirmingTestJot(false);
    }
  }

  return (
    <>
      <AdminPageActions>
        <>
          <Button onClick={() => setIsConfirmingTestJot(true)} disabled={createTestJot.isPending}>
            <FlaskConicalIcon aria-hidden="true" /> {createTestJot.isPending ? 'Creating...' : 'Create Test Jot'}
          </Button>
          <Button variant="outline" onClick={() => void jotsQuery.refetch()} disabled={jotsQuery.isFetching}>
            <RefreshCwIcon aria-hidden="true" className={jotsQuery.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined} />
            Refresh
          </Button>
        </>
      </AdminPageActions>
      <ConfirmDialog
        open={isConfirmingTestJot}
        onOpenChange={setIsConfirmingTestJot}
        title="Create a test jot?"
        description="A real jot is encrypted with the newest build GUID and stored: it counts in the public counter and shows in Latest ideas."
        confirmLabel="Create Test Jot"
        pendingLabel="Creating..."
        isPending={createTestJot.isPending}
        onConfirm={() => void sendTestJot()}
      />
      {/* The figures in one compact line, not a row of cards (issue 26). */}
      <dl className="flex flex-wrap gap-x-6 gap-y-2 rounded-xl border bg-card px-4 py-3 text-sm shadow-sm">
        <Stat label="Total Jots" value={jotsQuery.data ? `${total.toLocaleString('en-US')}${jotsQuery.data.totalCapped ? '+' : ''}` : '—'} />
        <Stat label="Showing" value={jotsQuery.data ? String(jots.length) : '—'} />
        <Stat label="Page" value={jotsQuery.data ? `${page} of ${pages}` : '—'} />
        <Stat label="Per Page" value={String(ADMIN_JOTS_PAGE_SIZE)} />
      </dl>

      <JotSearchCard />

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg font-semibold">Jots Records</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 px-4 sm:px-6">
          {jotsQuery.isPending ? (
            <div role="status" className="flex flex-col gap-3">
              <span className="sr-only">Loading jots...</span>
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-12 w-full" />
              ))}
            </div>
          ) : jotsQuery.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
              <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
              <p className="text-lg font-semibold">Error loading jots</p>
              <p className="text-sm text-muted-foreground">{serverMessageOr(jotsQuery.error, 'The server did not answer. Please try again.')}</p>
              <Button variant="outline" onClick={() => void jotsQuery.refetch()}>
                Retry
              </Button>
            </div>
          ) : jots.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-12 text-center">
              <InboxIcon aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="text-muted-foreground">No jots yet. Send one with Create Test Jot or from the desktop app.</p>
            </div>
          ) : (
            <>
              <JotRecords jots={jots} caption="Jots records" />
              <Pager
                offset={offset}
                pageSize={ADMIN_JOTS_PAGE_SIZE}
                total={total}
                isBusy={jotsQuery.isPlaceholderData}
                onOffsetChange={(next) => setRequest(pageRequest(request, next, jotsQuery.data))}
              />
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
