import { HistoryIcon, PanelRightOpenIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditLogEntry } from '../../../../shared/schemas/audit';
import { useAuditLog } from '../api/get-audit-log';
import { AUDIT_PAGE_SIZE, type AuditFilters as Filters, auditQueryOf, readAuditState, writeAuditState } from '../audit-url-state';
import { describeEntry } from '../describe-entry';
import { entityHref } from '../entity-href';
import { actorText, entityText } from '../entry-names';
import { AuditEntrySheet } from './audit-entry-sheet';
import { AuditFilters } from './audit-filters';
import { ListEmpty, ListError } from '~/components/list-states';
import { Pager } from '~/components/pager';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => dateFormat.format(new Date(iso));

/** Issue 10 §5, issue 26 §3: the audit log, newest first; filters and page in the URL; an entry opens in a drawer. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const state = readAuditState(params);
  const auditQuery = useAuditLog(auditQueryOf(state));
  const [openEntry, setOpenEntry] = useState<AuditLogEntry | null>(null);
  const entries = auditQuery.data?.entries ?? [];
  const total = auditQuery.data?.total ?? 0;
  const isFiltered = Object.values(state.filters).some(Boolean);

  // A filter change is a history entry of its own, so Back returns to the previous filters.
  const changeFilters = useCallback(
    (filters: Filters) => setParams((current) => writeAuditState(current, { filters }), { preventScrollReset: true }),
    [setParams],
  );
  const setOffset = (offset: number) =>
    setParams((current) => writeAuditState(current, { page: Math.floor(offset / AUDIT_PAGE_SIZE) + 1 }), { preventScrollReset: true });

  return (
    <Card>
      <CardHeader className="gap-4">
        <h2 className="text-lg font-semibold">Entries{auditQuery.data ? ` (${total.toLocaleString('en-US')})` : ''}</h2>
        <AuditFilters filters={state.filters} onChange={changeFilters} />
      </CardHeader>
      <CardContent>
        {auditQuery.isPending ? (
          <AuditSkeleton />
        ) : auditQuery.isError ? (
          <ListError what="the audit log" error={auditQuery.error} onRetry={() => void auditQuery.refetch()} />
        ) : entries.length === 0 ? (
          isFiltered ? (
            // "Clear filters" is in the filter bar above.
            <ListEmpty icon={HistoryIcon} title="No entries match these filters." />
          ) : (
            <ListEmpty icon={HistoryIcon} title="No admin actions recorded yet">
              <p className="text-sm text-muted-foreground">Every change an admin makes will be listed here.</p>
            </ListEmpty>
          )
        ) : (
          <div className="flex flex-col gap-4">
            <div className="hidden md:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Time</TableHead>
                    <TableHead>Actor</TableHead>
                    <TableHead>Action</TableHead>
                    <TableHead>Entity</TableHead>
                    <TableHead>IP</TableHead>
                    <TableHead>
                      <span className="sr-only">Details</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {entries.map((entry) => (
                    <TableRow key={entry.id} data-testid="audit-row">
                      <TableCell className="whitespace-nowrap text-muted-foreground">
                        <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
                      </TableCell>
                      <TableCell className="max-w-56 truncate">
                        <Actor entry={entry} />
                      </TableCell>
                      <TableCell className="max-w-md whitespace-normal">
                        <Action entry={entry} />
                      </TableCell>
                      <TableCell className="max-w-64 whitespace-normal">
                        <Entity entry={entry} />
                      </TableCell>
                      <TableCell className="font-mono text-xs text-muted-foreground">{entry.ipAddress ?? '—'}</TableCell>
                      <TableCell className="text-right">
                        <DetailsButton entry={entry} onOpen={setOpenEntry} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden">
              {entries.map((entry) => (
                <li key={entry.id} className="flex flex-col gap-1.5 rounded-lg border p-4 text-sm" data-testid="audit-card">
                  <span className="flex flex-wrap items-start justify-between gap-2">
                    <Action entry={entry} />
                    <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                      {formatTime(entry.createdAt)}
                    </time>
                  </span>
                  <span className="break-words">
                    <Actor entry={entry} />
                  </span>
                  <span className="break-words">
                    <Entity entry={entry} />
                  </span>
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-mono text-xs text-muted-foreground">{entry.ipAddress ?? '—'}</span>
                    <DetailsButton entry={entry} onOpen={setOpenEntry} />
                  </span>
                </li>
              ))}
            </ul>
            <Pager
              offset={(state.page - 1) * AUDIT_PAGE_SIZE}
              pageSize={AUDIT_PAGE_SIZE}
              total={total}
              isBusy={auditQuery.isPlaceholderData}
              onOffsetChange={setOffset}
            />
          </div>
        )}
      </CardContent>
      <AuditEntrySheet entry={openEntry} onOpenChange={(open) => !open && setOpenEntry(null)} />
    </Card>
  );
}

/** Rows of the table's own shape while the first page loads. */
function AuditSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">Loading the audit log...</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="grid grid-cols-2 gap-3 md:grid-cols-[8rem_1fr_1.5fr_1fr_6rem_5rem]">
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
          <Skeleton className="hidden h-5 md:block" />
          <Skeleton className="hidden h-5 md:block" />
          <Skeleton className="hidden h-5 md:block" />
          <Skeleton className="hidden h-5 md:block" />
        </div>
      ))}
    </div>
  );
}

function DetailsButton({ entry, onOpen }: { entry: AuditLogEntry; onOpen(entry: AuditLogEntry): void }) {
  return (
    <Button variant="ghost" size="sm" onClick={() => onOpen(entry)} aria-label={`Details: ${entry.action}, ${entityText(entry)}`}>
      <PanelRightOpenIcon aria-hidden="true" /> Details
    </Button>
  );
}

/** The action's name, and under it what happened in words when the name alone does not say (sign-ins, exports…). */
function Action({ entry }: { entry: AuditLogEntry }) {
  const description = describeEntry(entry);
  return (
    <span className="flex flex-col gap-0.5">
      <code className="text-sm font-medium">{entry.action}</code>
      {description && <span className="text-xs text-muted-foreground">{description}</span>}
    </span>
  );
}

function Actor({ entry }: { entry: AuditLogEntry }) {
  return <span className={entry.actorEmail ? undefined : 'text-muted-foreground'}>{actorText(entry)}</span>;
}

function Entity({ entry }: { entry: AuditLogEntry }) {
  const text = entityText(entry);
  const href = entityHref(entry);
  return href ? (
    <Link to={href} className="break-words text-primary underline-offset-4 hover:underline focus-visible:underline">
      {text}
    </Link>
  ) : (
    <span className="break-words text-muted-foreground">
      {text}
      {entry.entityDeleted && ' (deleted)'}
    </span>
  );
}
