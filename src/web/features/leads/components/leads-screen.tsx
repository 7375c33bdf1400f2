import { AlertTriangleIcon, DownloadIcon, InboxIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LEAD_BULK_MAX, type Lead, type LeadBulkAction, type LeadBulkResult } from '../../../../shared/schemas/leads';
import { useLeads } from '../api/get-leads';
import { useExportLeads } from '../api/export-leads';
import { useBulkLeadAction, useDeleteLead, useRetryLeadSync } from '../api/lead-actions';
import { BulkBar } from './bulk-bar';
import { ConfirmActionDialog, type PendingConfirmation } from './confirm-action-dialog';
import { LeadDetailSheet } from './lead-detail-sheet';
import { type LeadFilterValues, LeadsFilters } from './leads-filters';
import { LeadsList } from './leads-list';
import { Pager } from '~/components/pager';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { serverErrorText } from '~/lib/api-client';
import { toast } from '~/lib/toast';

export const LEADS_PAGE_SIZE = 50;

const NOTHING: ReadonlySet<number> = new Set();
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SOURCE = /^[\w-]{1,50}$/;

/** The filters live in the URL (`?q=&source=&synced=&from=&to=&sort=asc&page=2`), so a view can be bookmarked. */
function filtersFrom(params: URLSearchParams): LeadFilterValues & { page: number } {
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  const synced = params.get('synced');
  const unsubscribed = params.get('unsubscribed');
  const source = params.get('source');
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim().slice(0, 200) || undefined,
    source: source && SOURCE.test(source) ? source : undefined,
    synced: synced === 'true' || synced === 'false' ? synced : undefined,
    unsubscribed: unsubscribed === 'true' || unsubscribed === 'false' ? unsubscribed : undefined,
    from: day('from'),
    to: day('to'),
    sort: params.get('sort') === 'asc' ? 'asc' : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** Spec §2 Leads Management, with what an operator needs at 100,000 leads (issue 10). */
export function LeadsScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = filtersFrom(params);
  const filterKey = JSON.stringify(filters);
  const offset = (page - 1) * LEADS_PAGE_SIZE;
  const leadsQuery = useLeads({ ...filters, limit: LEADS_PAGE_SIZE, offset });
  const exportLeads = useExportLeads();
  const retrySync = useRetryLeadSync();
  const deleteLead = useDeleteLead();
  const bulk = useBulkLeadAction();

  // The selection belongs to one filtered list: a new filter starts with nothing selected.
  const [selectionState, setSelectionState] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: filterKey, ids: new Set() });
  const selected: ReadonlySet<number> = selectionState.key === filterKey ? selectionState.ids : NOTHING;
  const setSelected = (change: ReadonlySet<number> | ((current: ReadonlySet<number>) => ReadonlySet<number>)) =>
    setSelectionState((state) => {
      const current = state.key === filterKey ? state.ids : NOTHING;
      return { key: filterKey, ids: typeof change === 'function' ? change(current) : change };
    });
  const [openLead, setOpenLead] = useState<Lead | null>(null);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);

  const items = leadsQuery.data?.items ?? [];
  const total = leadsQuery.data?.total ?? 0;
  const isFiltered = Boolean(filters.q || filters.source || filters.synced || filters.unsubscribed || filters.from || filters.to);

  // After deleting the last leads of the last page, show the page before it.
  useEffect(() => {
    if (leadsQuery.data && !leadsQuery.isPlaceholderData && items.length === 0 && total > 0 && offset > 0) {
      setPage(Math.ceil(total / LEADS_PAGE_SIZE));
    }
  });

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  // Any filter change starts again at page 1.
  const changeFilters = useCallback((changes: Partial<LeadFilterValues>) => update({ ...changes, page: undefined }), [update]);
  function setPage(next: number) {
    update({ page: next > 1 ? String(next) : undefined });
  }

  const selection = {
    selected,
    onToggle(id: number, checked: boolean) {
      setSelected((current) => {
        const next = new Set(current);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    onToggleAll(checked: boolean) {
      setSelected((current) => {
        const next = new Set(current);
        for (const lead of items) {
          if (checked) next.add(lead.id);
          else next.delete(lead.id);
        }
        return next;
      });
    },
  };

  async function runExport(query: Parameters<typeof exportLeads.mutateAsync>[0], what: string) {
    try {
      const name = await exportLeads.mutateAsync(query);
      toast.success('Export ready', { description: `${what} saved as ${name}.` });
    } catch (error) {
      toast.error('Export failed', { description: serverErrorText(error) ?? 'Failed to export leads. Please try again.' });
    }
  }

  function confirmDelete(lead: Lead) {
    setPending({
      title: `Delete ${lead.email}?`,
      description: 'The lead is erased for good: its e-mail address, name and attribution. This cannot be undone.',
      confirmLabel: 'Delete',
      busyLabel: 'Deleting...',
      destructive: true,
      run: async () => {
        try {
          await deleteLead.mutateAsync(lead.id);
          toast.success('Lead deleted', { description: `${lead.email} was erased.` });
          setOpenLead(null);
          selection.onToggle(lead.id, false);
        } catch (error) {
          toast.error('Failed to delete lead', { description: serverErrorText(error) ?? 'Please try again.' });
        }
        setPending(null);
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
    const ids = [...selected].slice(0, LEAD_BULK_MAX);
    const count = plural(ids.length, 'lead');
    const capped = selected.size > LEAD_BULK_MAX ? ` At most ${LEAD_BULK_MAX} leads at a time: the first ${LEAD_BULK_MAX} selected.` : '';
    setPending({
      title: action === 'delete' ? `Delete ${count}?` : `Retry sync for ${count}?`,
      description:
        action === 'delete'
          ? `${count} will be erased for good. This cannot be undone.${capped}`
          : `The ConvertKit sync of ${count} is queued again; leads already synced are skipped.${capped}`,
      confirmLabel: action === 'delete' ? `Delete ${count}` : `Retry sync for ${count}`,
      busyLabel: action === 'delete' ? 'Deleting...' : 'Queuing...',
      destructive: action === 'delete',
      run: async () => {
        try {
          bulkToast(await bulk.mutateAsync({ action, ids }));
          setSelected(new Set());
        } catch (error) {
          const fallback = action === 'delete' ? 'Failed to delete the leads.' : 'Failed to retry the sync.';
          toast.error(action === 'delete' ? 'Failed to delete leads' : 'Failed to retry sync', { description: serverErrorText(error) ?? fallback });
        }
        setPending(null);
      },
    });
  }

  return (
    <>
      <Actions>
        <Button onClick={() => void runExport(filters, isFiltered ? 'The filtered leads were' : 'All leads were')} disabled={exportLeads.isPending}>
          <DownloadIcon aria-hidden="true" /> {exportLeads.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </Actions>
      <Card>
        <CardHeader className="gap-4">
          <h2 className="text-lg font-semibold">
            Leads{leadsQuery.data ? ` (${total.toLocaleString('en-US')})` : ''}
          </h2>
          <LeadsFilters filters={filters} onChange={changeFilters} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {leadsQuery.isPending ? (
            <LoadingLeads />
          ) : leadsQuery.isError ? (
            <LoadError message={serverErrorText(leadsQuery.error)} onRetry={() => void leadsQuery.refetch()} />
          ) : items.length === 0 ? (
            isFiltered ? (
              <div className="flex flex-col items-center gap-3 py-10 text-center">
                <p className="text-muted-foreground">No leads match these filters.</p>
                <Button variant="outline" onClick={() => changeFilters({ q: undefined, source: undefined, synced: undefined, unsubscribed: undefined, from: undefined, to: undefined })}>
                  Clear filters
                </Button>
              </div>
            ) : (
              <div className="flex flex-col items-center gap-3 py-12 text-center">
                <InboxIcon aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="max-w-md text-muted-foreground">No leads captured yet. Promote your lead magnets to start collecting emails!</p>
              </div>
            )
          ) : (
            <>
              <LeadsList leads={items} selection={selection} onOpen={setOpenLead} />
              <Pager offset={offset} pageSize={LEADS_PAGE_SIZE} total={total} isBusy={leadsQuery.isPlaceholderData} onOffsetChange={(next) => setPage(next / LEADS_PAGE_SIZE + 1)} />
            </>
          )}
          {selected.size > 0 && (
            <BulkBar
              count={selected.size}
              isBusy={bulk.isPending || exportLeads.isPending}
              onRetrySync={() => confirmBulk('retry_sync')}
              onDelete={() => confirmBulk('delete')}
              onExport={() => void runExport({ ids: [...selected].slice(0, LEAD_BULK_MAX) }, `${plural(Math.min(selected.size, LEAD_BULK_MAX), 'selected lead')} ${selected.size === 1 ? 'was' : 'were'}`)}
              onClear={() => setSelected(new Set())}
            />
          )}
        </CardContent>
      </Card>

      <LeadDetailSheet
        lead={openLead}
        isRetrying={retrySync.isPending}
        onRetrySync={(lead) => void retryOne(lead)}
        onDelete={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setOpenLead(null);
        }}
      />
      <ConfirmActionDialog
        pending={pending}
        isBusy={bulk.isPending || deleteLead.isPending}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
      />
    </>
  );
}

function LoadingLeads() {
  return (
    <div role="status" className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">Loading leads...</p>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-11 w-full" />
      ))}
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string | undefined; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
      <p className="text-lg font-semibold">Error loading leads</p>
      <p className="text-sm text-muted-foreground">{message ?? 'Failed to fetch leads. Please check your connection and try again.'}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
