/**
 * Spec §2 Jots Management (/admin/jots): Create Test Jot (asked first) and Refresh beside the heading, the search
 * card, then the records (decrypted) with the figures in the table's header and paging by 50. `Actions` is the admin
 * page's heading slot; `newestBuildGuidName` reads the build GUID a test jot is encrypted with (another feature's,
 * so the route passes it in).
 */
import { FlaskConicalIcon, InboxIcon, RefreshCwIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { ADMIN_JOTS_PAGE_SIZE } from '../../../../shared/constants';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { DataTable, type DataTableState, DataTableEmpty, pagedRows, useDataTableState } from '~/components/data-table';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';
import { cn } from '~/lib/utils';
import { useCreateTestJot } from '../api/create-test-jot';
import { type JotsPageRequest, pageRequest, useJots } from '../api/get-jots';
import { jotTableProps } from './jot-records';
import { JotSearchCard } from './jot-search-card';

/** The page in the URL (`?page=3`); newest first, 50 a page (spec §2). */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [ADMIN_JOTS_PAGE_SIZE], defaultPageSize: ADMIN_JOTS_PAGE_SIZE, sortable: [], filters: [] };

export function JotsScreen({
  Actions,
  newestBuildGuidName,
}: {
  Actions: ComponentType<{ children: ReactNode }>;
  newestBuildGuidName(): Promise<string | null>;
}) {
  const urlTable = useDataTableState(TABLE_OPTIONS);
  // Next and Previous follow the shown page's cursors (decision 0013); the URL keeps only the page number, so a
  // page opened from the URL (or one that is not beside the shown one) is asked for by offset.
  const [cursorRequest, setCursorRequest] = useState<JotsPageRequest | null>(null);
  const { offset } = urlTable;
  const request: JotsPageRequest = cursorRequest?.offset === offset ? cursorRequest : { limit: ADMIN_JOTS_PAGE_SIZE, offset };
  const jotsQuery = useJots(request);
  const table: DataTableState = {
    ...urlTable,
    setState: (change) => {
      if (change.page !== undefined) setCursorRequest(pageRequest(request, (change.page - 1) * ADMIN_JOTS_PAGE_SIZE, jotsQuery.data));
      urlTable.setState(change);
    },
  };
  const createTestJot = useCreateTestJot();
  const total = jotsQuery.data?.total ?? 0;
  const jots = jotsQuery.data?.jots ?? [];
  const page = urlTable.state.page;
  const pages = Math.max(1, Math.ceil(total / ADMIN_JOTS_PAGE_SIZE));
  // Issue 26: a test jot is a real jot (public counter, Latest ideas), so the button asks first.
  const [isConfirmingTestJot, setIsConfirmingTestJot] = useState(false);
  // From the first tap: the build GUIDs are read before the jot is sent, and a second tap meanwhile must not send
  // a second jot (the mutation's own pending state starts only after that read).
  const [isSendingTestJot, setIsSendingTestJot] = useState(false);

  // A real v2 jot, encrypted on the server with the newest build GUID, so it arrives decrypted like any other.
  async function sendTestJot() {
    setIsSendingTestJot(true);
    try {
      const guidName = await newestBuildGuidName();
      if (!guidName) {
        toast.error('Failed to create test jot', { description: 'Add a build GUID first: test jots are encrypted with the newest one.' });
        return;
      }
      const { id } = await createTestJot.mutateAsync({
        content: `Test jot from the admin panel, ${new Date().toLocaleString('en-US')}`,
        buildGuidName: guidName,
      });
      setCursorRequest(null);
      table.setState({ page: 1 });
      toast.success('Test Jot Created', { description: `Jot #${id} was encrypted with ${guidName} and stored.` });
    } catch (error) {
      toast.error('Failed to create test jot', { description: serverMessageOr(error, 'Please try again.') });
    } finally {
      setIsSendingTestJot(false);
      setIsConfirmingTestJot(false);
    }
  }

  return (
    <>
      <Actions>
        <>
          <Button onClick={() => setIsConfirmingTestJot(true)} disabled={isSendingTestJot}>
            <FlaskConicalIcon aria-hidden="true" /> {isSendingTestJot ? 'Creating...' : 'Create Test Jot'}
          </Button>
          <Button variant="outline" onClick={() => void jotsQuery.refetch()} disabled={jotsQuery.isFetching}>
            <RefreshCwIcon aria-hidden="true" className={jotsQuery.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined} />
            Refresh
          </Button>
        </>
      </Actions>
      <ConfirmDialog
        open={isConfirmingTestJot}
        onOpenChange={setIsConfirmingTestJot}
        title="Create a test jot?"
        description="A real jot is encrypted with the newest build GUID and stored: it counts in the public counter and shows in Latest ideas."
        confirmLabel="Create Test Jot"
        pendingLabel="Creating..."
        isPending={isSendingTestJot}
        onConfirm={() => void sendTestJot()}
      />
      <JotSearchCard />

      <Card>
        {/* The figures in the table's own header, one compact line (issue 26); on a phone the page figures are left
            to the pager, so they do not take a row of their own. */}
        <CardHeader className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-baseline sm:justify-between">
          <h2 className="text-lg font-semibold">Jots Records</h2>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <Stat label="Total Jots" value={jotsQuery.data ? `${total.toLocaleString('en-US')}${jotsQuery.data.totalCapped ? '+' : ''}` : '—'} />
            <Stat label="Showing" value={jotsQuery.data ? String(jots.length) : '—'} />
            <Stat label="Page" value={jotsQuery.data ? `${page} of ${pages}` : '—'} className="hidden sm:flex" />
            <Stat label="Per Page" value={String(ADMIN_JOTS_PAGE_SIZE)} className="hidden sm:flex" />
          </dl>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <DataTable
            label="Jots records"
            table={table}
            {...jotTableProps}
            {...pagedRows(jotsQuery, (data) => data.jots)}
            loadingLabel="Loading jots..."
            errorTitle="Error loading jots"
            errorText={serverMessageOr(jotsQuery.error, 'The server did not answer. Please try again.')}
            empty={
              <DataTableEmpty
                icon={<InboxIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
                title="No jots yet. Send one with Create Test Jot or from the desktop app."
              />
            }
          />
        </CardContent>
      </Card>
    </>
  );
}

function Stat({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('flex items-baseline gap-1.5', className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
