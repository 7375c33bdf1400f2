import { AlertTriangleIcon, HistoryIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ENTITIES, type AuditEntity, type AuditLogEntry } from '../../../../shared/schemas/audit';
import { useAuditLog } from '../api/get-audit-log';
import { describeEntry } from '../describe-entry';
import { Pager } from '~/components/pager';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { serverErrorText } from '~/lib/api-client';

const PAGE_SIZE = 50;
const TYPING_DELAY_MS = 300;

/** Where each entity is managed; null when it has no admin screen. */
const ENTITY_SCREENS: Record<AuditEntity, string | null> = {
  user: '/admin/users',
  banner: '/admin/banners',
  faq: '/admin/faq',
  build_guid: '/admin/build-guids',
  client: null,
  help_config: '/admin/faq',
  lead: '/admin/leads',
  inbox_message: '/admin/inbox',
  blog_post: '/admin/blog',
  blog_category: '/admin/blog',
  blog_tag: '/admin/blog',
  blog_ad: '/admin/blog',
  upload: '/admin/blog',
  campaign: '/admin/campaigns',
  affiliate_product: '/admin/affiliates',
  testimonial: '/admin/testimonials',
  page: '/admin/pages',
};

const ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'User',
  banner: 'Banner',
  faq: 'FAQ',
  build_guid: 'Build GUID',
  client: 'API client',
  help_config: 'Help video',
  lead: 'Lead',
  inbox_message: 'Inbox message',
  blog_post: 'Blog post',
  blog_category: 'Blog category',
  blog_tag: 'Blog tag',
  blog_ad: 'Blog ad',
  upload: 'Upload',
  campaign: 'Campaign',
  affiliate_product: 'Affiliate product',
  testimonial: 'Testimonial',
  page: 'Page',
};

/** The admin screen of an entry's entity, or null when it has none or the entity has since been deleted. */
export function entityHref(entry: Pick<AuditLogEntry, 'entity' | 'entityDeleted'>): string | null {
  if (entry.entityDeleted) return null;
  return ENTITY_SCREENS[entry.entity as AuditEntity] ?? null;
}

const entityLabel = (entity: string) => ENTITY_LABELS[entity as AuditEntity] ?? entity;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => dateFormat.format(new Date(iso));

/** `2026-03-15` (a date input, local day) → the ISO instant of its start or end. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

/** Issue 10 §5: the audit log, newest first, with filters and paging. */
export function AuditScreen() {
  const ids = { actor: useId(), action: useId(), entity: useId(), from: useId(), to: useId() };
  const [actorText, setActorText] = useState('');
  const [actionText, setActionText] = useState('');
  const [typed, setTyped] = useState({ actor: '', action: '' });
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setTyped({ actor: actorText.trim(), action: actionText.trim().toLowerCase() });
      setOffset(0);
    }, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actorText, actionText]);

  // An action filter that is not yet `entity.verb` (still typing "user") asks for the entity prefix.
  const action = typed.action && !typed.action.includes('.') ? `${typed.action}.` : typed.action;
  const query = {
    actor: typed.actor || undefined,
    action: action || undefined,
    entity: entity || undefined,
    from: dayStart(from),
    to: dayEnd(to),
    limit: PAGE_SIZE,
    offset,
  };
  const auditQuery = useAuditLog(query);
  const entries = auditQuery.data?.entries ?? [];
  const total = auditQuery.data?.total ?? 0;
  const isFiltered = Boolean(typed.actor || action || entity || from || to);

  function clearFilters() {
    setActorText('');
    setActionText('');
    setTyped({ actor: '', action: '' });
    setEntity('');
    setFrom('');
    setTo('');
    setOffset(0);
  }

  return (
    <Card>
      <CardHeader className="gap-4">
        <h2 className="text-lg font-semibold">
          Entries{auditQuery.data ? ` (${total.toLocaleString('en-US')})` : ''}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.actor}>Actor</Label>
            <Input id={ids.actor} type="search" placeholder="E-mail" value={actorText} onChange={(event) => setActorText(event.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.action}>Action</Label>
            <Input
              id={ids.action}
              type="search"
              placeholder="e.g. user.approve"
              value={actionText}
              onChange={(event) => setActionText(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.entity}>Entity type</Label>
            <select
              id={ids.entity}
              value={entity}
              onChange={(event) => {
                setEntity(event.target.value as AuditEntity | '');
                setOffset(0);
              }}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <option value="">All entities</option>
              {AUDIT_ENTITIES.map((value) => (
                <option key={value} value={value}>
                  {entityLabel(value)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.from}>From</Label>
            <Input
              id={ids.from}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => {
                setFrom(event.target.value);
                setOffset(0);
              }}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.to}>To</Label>
            <Input
              id={ids.to}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
                setOffset(0);
              }}
            />
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {auditQuery.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading the audit log...</span>
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : auditQuery.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
            <p className="text-lg font-semibold">Error Loading the Audit Log</p>
            <p className="text-sm text-muted-foreground">{serverErrorText(auditQuery.error) ?? 'Failed to fetch the audit log'}</p>
            <Button variant="outline" onClick={() => void auditQuery.refetch()}>
              Retry
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <HistoryIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            {isFiltered ? (
              <>
                <p className="text-muted-foreground">No entries match these filters.</p>
                <Button variant="outline" onClick={clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : (
              <>
                <p className="font-medium">No admin actions recorded yet</p>
                <p className="text-sm text-muted-foreground">Every change an admin makes will be listed here.</p>
              </>
            )}
          </div>
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
                      <TableCell className="max-w-md">
                        <Action entry={entry} />
                      </TableCell>
                      <TableCell>
                        <Entity entry={entry} />
                      </TableCell>
                      <TableCell className="font-mono text-xs text-muted-foreground">{entry.ipAddress ?? '—'}</TableCell>
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
                  <span className="break-all">
                    <Actor entry={entry} />
                  </span>
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <Entity entry={entry} />
                    <span className="font-mono text-xs text-muted-foreground">{entry.ipAddress ?? '—'}</span>
                  </span>
                </li>
              ))}
            </ul>
            <Pager offset={offset} pageSize={PAGE_SIZE} total={total} isBusy={auditQuery.isPlaceholderData} onOffsetChange={setOffset} />
          </div>
        )}
      </CardContent>
    </Card>
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
  if (entry.actorEmail) return <span>{entry.actorEmail}</span>;
  // Anonymous events are counted per hour, not one entry each (decision 0022).
  if (entry.isRollup) return <span className="text-muted-foreground">Anonymous visitors</span>;
  if (entry.actorClientId) return <span className="text-muted-foreground">API client {entry.actorClientId}</span>;
  return <span className="text-muted-foreground">Deleted user</span>;
}

function Entity({ entry }: { entry: AuditLogEntry }) {
  const text = `${entityLabel(entry.entity)}${entry.entityId ? ` #${entry.entityId}` : ''}`;
  const href = entityHref(entry);
  return href ? (
    <Link to={href} className="text-primary underline-offset-4 hover:underline focus-visible:underline">
      {text}
    </Link>
  ) : (
    <span className="text-muted-foreground">
      {text}
      {entry.entityDeleted && ' (deleted)'}
    </span>
  );
}
