import type { ColumnDef } from '@tanstack/react-table';
import { ArchiveIcon, ArchiveRestoreIcon, InboxIcon, MailIcon, MailOpenIcon, ReplyIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InboxMessageSummary, InboxMessageType } from '../../../../shared/schemas/inbox';
import { useInbox, useInboxMessage, useUpdateInboxMessage } from '../api/inbox';
import { DataTable, DataTableEmpty, pagedRows, useDataTableState } from '~/components/data-table';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Skeleton } from '~/components/ui/skeleton';
import { ListCard } from '~/components/list-card';
import { serverErrorText } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';
import { cn } from '~/lib/utils';

const PAGE_SIZE = 25;
const TYPE_LABEL: Record<InboxMessageType, string> = { feedback: 'Feedback', contact: 'Contact' };
const VIEWS = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'archived', label: 'Archived' },
] as const;
const TYPES: Array<{ value: InboxMessageType | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'contact', label: 'Contact' },
];

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** `mailto:` the sender with `Re: <subject>`. */
export const replyHref = (message: { email: string; subject: string }) =>
  `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;

/** The list's state in the URL (`?view=archived&type=contact&page=2`). */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: ['view', 'type'] };

/** One of a few choices as pressed buttons in a bordered group named `label` (the list's view, its type filter). */
function PressedButtons<Value>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onChange(value: Value): void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex self-start rounded-md border p-0.5">
      {options.map((option) => (
        <Button
          key={option.label}
          size="sm"
          variant={value === option.value ? 'secondary' : 'ghost'}
          aria-pressed={value === option.value}
          className="h-8"
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

type ChangeMessage = (message: Pick<InboxMessageSummary, 'type' | 'id'>, changes: { isRead?: boolean; isArchived?: boolean }, done?: string) => Promise<void>;

/** Issue 10 §7: feedback and contact messages, newest first; open one to read it whole, mark read/unread, archive, reply. */
export function InboxScreen() {
  const table = useDataTableState(TABLE_OPTIONS);
  const view = table.state.filters.view === 'archived' ? 'archived' : 'inbox';
  const type = TYPES.find((option) => option.value !== undefined && option.value === table.state.filters.type)?.value;
  const [opened, setOpened] = useState<{ type: InboxMessageType; id: number } | null>(null);
  const inboxQuery = useInbox({ view, type, limit: PAGE_SIZE, offset: table.offset });
  const update = useUpdateInboxMessage();

  const { mutateAsync } = update;
  const change: ChangeMessage = useCallback(
    async (message, changes, done) => {
      try {
        await mutateAsync({ type: message.type, id: message.id, changes });
        if (done) toast.success(done);
      } catch (error) {
        toast.error('Error updating message', { description: serverErrorText(error) ?? 'Please try again.' });
      }
    },
    [mutateAsync],
  );
  // Stable columns: new ones remount the table's cells, and the Open button that was just clicked with them — focus
  // fell to <body> before the dialog could remember its opener, and closing it left focus there.
  const columns = useMemo(() => messageColumns(setOpened, change), [change]);

  return (
    <ListCard
      title="Messages"
      count={inboxQuery.data?.total}
      filters={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <PressedButtons
            label="Show"
            options={VIEWS}
            value={view}
            onChange={(next) => table.setFilters({ view: next === 'inbox' ? undefined : next })}
          />
          <PressedButtons label="Filter by type" options={TYPES} value={type} onChange={(next) => table.setFilters({ type: next })} />
        </div>
      }
    >
      <DataTable
        label="Messages"
        table={table}
        columns={columns}
        {...pagedRows(inboxQuery, (data) => data.messages)}
        getRowId={(message) => `${message.type}-${message.id}`}
        loadingLabel="Loading messages..."
        errorTitle="Error Loading Messages"
        errorText={serverErrorText(inboxQuery.error) ?? 'Failed to fetch messages'}
        rowClassName={(message) => (message.isRead ? undefined : 'bg-primary/5')}
        renderCard={(message) => (
          <div className="flex items-start gap-2">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <OpenButton message={message} onOpen={setOpened} />
              <span className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">{message.preview}</span>
            </div>
            <MessageActions message={message} onChange={change} />
          </div>
        )}
        empty={
          <DataTableEmpty
            icon={<InboxIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
            title={<p className="font-medium text-foreground">{view === 'archived' ? 'No archived messages' : 'Inbox zero'}</p>}
          >
            <p className="text-sm text-muted-foreground">
              {view === 'archived' ? 'Messages you archive are kept here.' : 'Feedback and contact messages from the site will appear here.'}
            </p>
          </DataTableEmpty>
        }
      />
      <MessageDialog target={opened} onClose={() => setOpened(null)} onChange={change} />
    </ListCard>
  );
}

/** From (name, e-mail, type), the subject with the start of the message, the date and the row's actions. */
function messageColumns(
  onOpen: (target: { type: InboxMessageType; id: number }) => void,
  onChange: ChangeMessage,
): Array<ColumnDef<InboxMessageSummary, unknown> & { id: string }> {
  return [
    {
      id: 'message',
      header: 'Message',
      meta: { cellClassName: 'min-w-64 whitespace-normal' },
      cell: ({ row }) => (
        <div className="flex flex-col gap-1">
          <OpenButton message={row.original} onOpen={onOpen} />
          <span className="line-clamp-1 text-sm wrap-anywhere text-muted-foreground">{row.original.preview}</span>
        </div>
      ),
    },
    {
      id: 'createdAt',
      header: 'Date',
      meta: { cellClassName: 'align-top text-muted-foreground' },
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDate(row.original.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      enableHiding: false,
      meta: { cellClassName: 'w-0 align-top' },
      cell: ({ row }) => <MessageActions message={row.original} onChange={onChange} />,
    },
  ];
}

/** Who sent it and the subject: opens the whole message. */
function OpenButton({ message, onOpen }: { message: InboxMessageSummary; onOpen(target: { type: InboxMessageType; id: number }): void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen({ type: message.type, id: message.id })}
      className="flex min-w-0 flex-col gap-1 rounded-md text-left outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-label={`${message.isRead ? '' : 'Unread. '}${TYPE_LABEL[message.type]} from ${message.name}: ${message.subject}`}
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {!message.isRead && <span aria-hidden="true" className="size-2 rounded-full bg-primary" />}
        <Badge variant="outline">{TYPE_LABEL[message.type]}</Badge>
        <span className={cn('wrap-anywhere', !message.isRead && 'font-semibold')}>{message.name}</span>
        <span className="wrap-anywhere text-muted-foreground">{message.email}</span>
      </span>
      <span className={cn('wrap-anywhere', !message.isRead && 'font-semibold')}>{message.subject}</span>
      <time dateTime={message.createdAt} className="text-xs text-muted-foreground md:hidden">
        {formatDate(message.createdAt)}
      </time>
    </button>
  );
}

function MessageActions({ message, onChange }: { message: InboxMessageSummary; onChange: ChangeMessage }) {
  return (
    <span className="flex shrink-0 flex-col gap-1 sm:flex-row">
      <Button
        variant="ghost"
        size="icon"
        aria-label={message.isRead ? `Mark as unread: ${message.subject}` : `Mark as read: ${message.subject}`}
        title={message.isRead ? 'Mark as unread' : 'Mark as read'}
        onClick={() => void onChange(message, { isRead: !message.isRead })}
      >
        {message.isRead ? <MailIcon aria-hidden="true" /> : <MailOpenIcon aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={message.isArchived ? `Move to inbox: ${message.subject}` : `Archive: ${message.subject}`}
        title={message.isArchived ? 'Move to inbox' : 'Archive'}
        onClick={() => void onChange(message, { isArchived: !message.isArchived }, message.isArchived ? 'Message moved to the inbox' : 'Message archived')}
      >
        {message.isArchived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
      </Button>
    </span>
  );
}

function MessageDialog({
  target,
  onClose,
  onChange,
}: {
  target: { type: InboxMessageType; id: number } | null;
  onClose(): void;
  onChange(message: { type: InboxMessageType; id: number }, changes: { isRead?: boolean; isArchived?: boolean }, done?: string): Promise<void>;
}) {
  const messageQuery = useInboxMessage(target);
  const message = messageQuery.data;
  const markedRef = useRef<string | null>(null);

  // Opening a message reads it: mark it read once per opening.
  useEffect(() => {
    if (!target || !message || message.isRead) return;
    const key = `${target.type}-${target.id}`;
    if (markedRef.current === key) return;
    markedRef.current = key;
    void onChange(target, { isRead: true });
  }, [target, message, onChange]);
  useEffect(() => {
    if (!target) markedRef.current = null;
  }, [target]);

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {message ? (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 break-words">{message.subject}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{TYPE_LABEL[message.type]}</Badge>
                <span>
                  {message.name} &lt;{message.email}&gt;
                </span>
                {message.company && <span>· {message.company}</span>}
                <time dateTime={message.createdAt}>· {formatDate(message.createdAt)}</time>
              </DialogDescription>
            </DialogHeader>
            <p className="rounded-md bg-muted/50 p-4 text-sm break-words whitespace-pre-wrap" data-testid="inbox-message-body">
              {message.message}
            </p>
            <DialogFooter className="gap-2 sm:justify-between">
              <span className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  onClick={() => void onChange(message, { isRead: !message.isRead }, message.isRead ? 'Marked as unread' : 'Marked as read')}
                >
                  {message.isRead ? <MailIcon aria-hidden="true" /> : <MailOpenIcon aria-hidden="true" />}
                  {message.isRead ? 'Mark unread' : 'Mark read'}
                </Button>
                <Button
                  variant="outline"
                  onClick={() =>
                    void onChange(message, { isArchived: !message.isArchived }, message.isArchived ? 'Message moved to the inbox' : 'Message archived').then(
                      onClose,
                    )
                  }
                >
                  {message.isArchived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
                  {message.isArchived ? 'Move to inbox' : 'Archive'}
                </Button>
              </span>
              <Button asChild>
                <a href={replyHref(message)}>
                  <ReplyIcon aria-hidden="true" /> Reply
                </a>
              </Button>
            </DialogFooter>
          </>
        ) : messageQuery.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <DialogTitle>Error Loading Message</DialogTitle>
            <DialogDescription>{serverErrorText(messageQuery.error) ?? 'Failed to fetch the message'}</DialogDescription>
            <Button variant="outline" onClick={() => void messageQuery.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <DialogTitle className="sr-only">Loading message...</DialogTitle>
            <DialogDescription className="sr-only">The message is loading.</DialogDescription>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-32 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
