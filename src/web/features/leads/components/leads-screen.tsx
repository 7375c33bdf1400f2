import { DownloadIcon, InboxIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import { LEAD_BULK_MAX, type Lead, type LeadBulkAction, type LeadBulkResult } from '../../../../shared/schemas/leads';
import { useLeads } from '../api/get-leads';
import { useExportLeads } from '../api/export-leads';
import { useBulkLeadAction, useDeleteLead, useRetryLeadSync } from '../api/lead-actions';
import { LeadDetailSheet } from './lead-detail-sheet';
import { type LeadFilterValues, LeadsFilters } from './leads-filters';
import { LeadCard, leadColumns } from './leads-list';
import { ConfirmDialog, type ConfirmDialogProps } from '~/components/confirm-dialog';
import { DataTable, DataTableEmpty, pagedRows, useDataTableState } from '~/components/data-table';
import { Button } from '~/components/ui/button';
import { ListCard } from '~/components/list-card';
import { serverErrorText } from '~/lib/api-client';
import { useOpenRequestedRecord } from '~/lib/open-record';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

export const LEADS_PAGE_SIZE = 50;

const FILTER_NAMES = ['q', 'source', 'synced', 'unsubscribed', 'from', 'to'] as const;
/** The list's state in the URL (`?q=&source=&synced=&from=&to=&sort=subscribedAt&page=2`), so a view can be bookmarked. */
const TABLE_OPTIONS: TableStateOptions = {
  pageSizes: [LEADS_PAGE_SIZE],
  defaultPageSize: LEADS_PAGE_SIZE,
  sortable: ['subscribedAt'],
  defaultSort: { id: 'subscribedAt', desc: true },
  filters: FILTER_NAMES,
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SOURCE = /^[\w-]{1,50}$/;

/** The URL's filters as the API takes them: a value the API would refuse is left out. */
function leadFilters(filters: Record<string, string>, sortDesc: boolean): LeadFilterValues {
  const day = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);
  const flag = (value: string | undefined) => (value === 'true' || value === 'false' ? value : undefined);
  return {
    q: filters.q?.slice(0, 200) || undefined,
    source: filters.source && SOURCE.test(filters.source) ? filters.source : undefined,
    synced: flag(filters.synced),
    unsubscribed: flag(filters.unsubscribed),
    from: day(filters.from),
    to: day(filters.to),
    sort: sortDesc ? undefined : 'asc',
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

type Confirmation = Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'isPending' | 'onConfirm'> & { run(): Promise<void> };

/** Spec §2 Leads Management, with what an operator needs at 100,000 leads (issue 10), on the admin DataTable. */
export function LeadsScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const table = useDataTableState(TABLE_OPTIONS);
  const { state, selection } = table;
  const filters = leadFilters(state.filters, state.sort?.desc ?? true);
  const leadsQuery = useLeads({ ...filters, limit: LEADS_PAGE_SIZE, offset: table.offset });
  const exportLeads = useExportLeads();
  const retrySync = useRetryLeadSync();
  const deleteLead = useDeleteLead();
  const bulk = useBulkLeadAction();
  const [openLead, setOpenLead] = useState<Lead | null>(null);
  // The confirmation keeps its words while it closes; `isConfirming` opens and closes it.
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const columns = useMemo(() => leadColumns(setOpenLead), []);
  // ⌘K on a lead opens its drawer (issue 37 §5), once the list filtered to it has loaded.
  useOpenRequestedRecord(
    (id) => (leadsQuery.data && !leadsQuery.isPlaceholderData ? (leadsQuery.data.items.find((lead) => String(lead.id) === id) ?? null) : undefined),
    setOpenLead,
  );

  const isFiltered = Boolean(filters.q || filters.source || filters.synced || filters.unsubscribed || filters.from || filters.to);
  const selectedIds = [...selection.ids].map(Number).slice(0, LEAD_BULK_MAX);

  function changeFilters(changes: Partial<LeadFilterValues>) {
    if ('sort' in changes) table.setState({ sort: { id: 'subscribedAt', desc: changes.sort !== 'asc' } });
    const { sort: _sort, ...rest } = changes;
    if (Object.keys(rest).length > 0) table.setFilters(rest);
  }
  const clearFilters = () => table.setFilters(Object.fromEntries(FILTER_NAMES.map((name) => [name, undefined])));

  function ask(next: Confirmation) {
    setConfirmation(next);
    setIsConfirming(true);
  }

  async function runExport(query: Parameters<typeof exportLeads.mutateAsync>[0], what: string) {
    try {
      const name = await exportLeads.mutateAsync(query);
      toast.success('Export ready', { description: `${what} saved as ${name}.` });
    } catch (error) {
      toast.error('Export failed', { description: serverErrorText(error) ?? 'Failed to export leads. Please try again.' });
    }
  }

  function confirmDelete(lead: Lead) {
    ask({
      title: `Delete ${lead.email}?`,
      description: 'The lead is erased for good: its e-mail address, name and attribution. This cannot be undone.',
      confirmLabel: 'Delete',
      pendingLabel: 'Deleting...',
      isDestructive: true,
      run: async () => {
        try {
          await deleteLead.mutateAsync(lead.id);
          toast.success('Lead deleted', { description: `${lead.email} was erased.` });
          setOpenLead(null);
          selection.remove([String(lead.id)]);
        } catch (error) {
          toast.error('Failed to delete lead', { description: serverErrorText(error) ?? 'Please try again.' });
        }
      },
    });
  }

  async function retryOne(lead: Lead) {
    try {
      await retrySync.mutateAsync(lead.id);
      toast.success('Sync queued', { description: `${lead.email} will be sent to ConvertKit shortly.` });
    } catch (error) {
      toast.error('Failed to retry sync', { description: serverErrorText(error) ?? 'Please try again.' });
    }
  }

  function bulkToast(result: LeadBulkResult) {
    const notes = [
      result.skipped ? `${plural(result.skipped, 'lead')} already synced` : null,
      result.notFound ? `${plural(result.notFound, 'lead')} no longer found` : null,
    ].filter(Boolean);
    const title = result.action === 'delete' ? `Deleted ${plural(result.done, 'lead')}` : `Queued ${plural(result.done, 'lead')} for sync`;
    toast.success(title, notes.length ? { description: `${notes.join('; ')}.` } : undefined);
  }

  function confirmBulk(action: LeadBulkAction) {
    const ids = selectedIds;
    const count = plural(ids.length, 'lead');
    const capped = selection.ids.size > LEAD_BULK_MAX ? ` At most ${LEAD_BULK_MAX} leads at a time: the first ${LEAD_BULK_MAX} selected.` : '';
    ask({
      title: action === 'delete' ? `Delete ${count}?` : `Retry sync for ${count}?`,
      description:
        action === 'delete'
          ? `${count} will be erased for good. This cannot be undone.${capped}`
          : `The ConvertKit sync of ${count} is queued again; leads already synced are skipped.${capped}`,
      confirmLabel: action === 'delete' ? `Delete ${count}` : `Retry sync for ${count}`,
      pendingLabel: action === 'delete' ? 'Deleting...' : 'Queuing...',
      isDestructive: action === 'delete',
      run: async () => {
        try {
          bulkToast(await bulk.mutateAsync({ action, ids }));
          selection.clear();
        } catch (error) {
          const fallback = action === 'delete' ? 'Failed to delete the leads.' : 'Failed to retry the sync.';
          toast.error(action === 'delete' ? 'Failed to delete leads' : 'Failed to retry sync', { description: serverErrorText(error) ?? fallback });
        }
      },
    });
  }

  const isBulkBusy = bulk.isPending || exportLeads.isPending;
  return (
    <>
      <Actions>
        <Button onClick={() => void runExport(filters, isFiltered ? 'The filtered leads were' : 'All leads were')} disabled={exportLeads.isPending}>
          <DownloadIcon aria-hidden="true" /> {exportLeads.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </Actions>
      <ListCard
        title="Leads"
        count={leadsQuery.data?.total}
        filters={<LeadsFilters filters={filters} onChange={changeFilters} />}
      >
        <DataTable
          label="Leads"
          table={table}
          columns={columns}
          {...pagedRows(leadsQuery, (data) => data.items)}
          getRowId={(lead) => String(lead.id)}
          rowLabel={(lead) => lead.email}
          loadingLabel="Loading leads..."
          errorTitle="Error loading leads"
          errorText={serverErrorText(leadsQuery.error) ?? 'Failed to fetch leads. Please check your connection and try again.'}
          renderCard={(lead) => <LeadCard lead={lead} onOpen={setOpenLead} />}
          empty={
            isFiltered ? (
              <DataTableEmpty title="No leads match these filters.">
                <Button variant="outline" onClick={clearFilters}>
                  Clear filters
                </Button>
              </DataTableEmpty>
            ) : (
              <DataTableEmpty
                icon={<InboxIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
                title="No leads captured yet. Promote your lead magnets to start collecting emails!"
              />
            )
          }
          bulkActions={
            <>
              <Button size="sm" variant="outline" disabled={isBulkBusy} onClick={() => confirmBulk('retry_sync')}>
                <RefreshCwIcon aria-hidden="true" /> Retry sync
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={isBulkBusy}
                onClick={() =>
                  void runExport(
                    { ids: selectedIds },
                    `${plural(selectedIds.length, 'selected lead')} ${selectedIds.length === 1 ? 'was' : 'were'}`,
                  )
                }
              >
                <DownloadIcon aria-hidden="true" /> Export selection
              </Button>
              <Button size="sm" variant="destructive" disabled={isBulkBusy} onClick={() => confirmBulk('delete')}>
                <Trash2Icon aria-hidden="true" /> Delete
              </Button>
            </>
          }
        />
      </ListCard>

      <LeadDetailSheet
        lead={openLead}
        isRetrying={retrySync.isPending}
        onRetrySync={(lead) => void retryOne(lead)}
        onDelete={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setOpenLead(null);
        }}
      />
      {confirmation && (
        <ConfirmDialog
          {...confirmation}
          open={isConfirming}
          onOpenChange={setIsConfirming}
          isPending={bulk.isPending || deleteLead.isPending}
          onConfirm={() => void confirmation.run().finally(() => setIsConfirming(false))}
        />
      )}
    </>
  );
}
