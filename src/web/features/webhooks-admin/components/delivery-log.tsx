import { RotateCcwIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '../../../../shared/schemas/webhooks';
import { useReplayWebhookDelivery, useSendWebhookTestEvent, useWebhookDeliveries } from '../api/webhook-deliveries';
import { DeliveryAttempts } from './delivery-attempts';
import { ReplayFailedSince } from './replay-failed';
import { ListFilter, loadErrorText } from '~/components/list-states';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

type StatusFilter = WebhookDeliveryStatus | 'all';
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  ...WEBHOOK_DELIVERY_STATUSES.map((status) => ({
    value: status,
    label: status.charAt(0).toUpperCase() + status.slice(1),
  })),
];

/**
 * An endpoint's delivery log in a side panel: event, status, HTTP status, duration, answer, next retry, and every
 * attempt behind a disclosure; Replay a row; Replay failed since a time; Send test event.
 */
export function DeliveryLog({
  endpoint,
  onOpenChange,
}: {
  endpoint: WebhookEndpoint | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Sheet open={endpoint !== null} onOpenChange={onOpenChange}>
      <SheetContent className="w-full gap-0 sm:max-w-2xl">
        {endpoint && <DeliveryLogBody key={endpoint.id} endpoint={endpoint} />}
      </SheetContent>
    </Sheet>
  );
}

function DeliveryLogBody({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const deliveries = useWebhookDeliveries(endpoint.id, status === 'all' ? undefined : status);
  const sendTest = useSendWebhookTestEvent(endpoint.id);
  return (
    <>
      <SheetHeader className="border-b">
        <SheetTitle>Delivery log</SheetTitle>
        <SheetDescription className="break-all">
          The newest 200 deliveries to {endpoint.url}, kept 30 days.
        </SheetDescription>
      </SheetHeader>
      <div className="flex flex-col gap-3 border-b p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ListFilter label="Status filter" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
          <Button
            type="button"
            variant="outline"
            isPending={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(undefined, {
                onSuccess: () =>
                  toast.success('Test event queued', { description: 'A webhook.test event is on its way.' }),
                onError: (error) =>
                  toast.error('Failed to send a test event', {
                    description: serverMessageOr(error, 'Please try again.'),
                  }),
              })
            }
          >
            <SendIcon aria-hidden="true" /> Send test event
          </Button>
        </div>
        <ReplayFailedSince endpointId={endpoint.id} />
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4" aria-busy={deliveries.isPending}>
        {deliveries.isPending && <p className="text-sm text-muted-foreground">Loading deliveries...</p>}
        {deliveries.isError && (
          <p role="alert" className="text-sm text-destructive">
            {loadErrorText('deliveries', deliveries.error)}
          </p>
        )}
        {deliveries.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No deliveries{status === 'all' ? ' yet' : ` with the status ${status}`}.
          </p>
        )}
        {deliveries.data && deliveries.data.length > 0 && (
          <ul className="flex flex-col gap-3" aria-label="Deliveries">
            {deliveries.data.map((delivery) => (
              <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

const STATUS_BADGE: Record<WebhookDeliveryStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pending: 'outline',
  sending: 'secondary',
  delivered: 'default',
  failed: 'destructive',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{status}</Badge>;
}

function DeliveryRow({ endpointId, delivery }: { endpointId: number; delivery: WebhookDelivery }) {
  const replay = useReplayWebhookDelivery(endpointId);
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border p-3"
      data-testid="webhook-delivery"
      data-status={delivery.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-sm break-all">{delivery.eventType}</span>
        <DeliveryStatusBadge status={delivery.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">HTTP status</dt>
          <dd>{delivery.responseStatus ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Duration</dt>
          <dd>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Attempts</dt>
          <dd>{delivery.attempts}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Next retry</dt>
          <dd>
            {delivery.nextAttemptAt && delivery.status !== 'delivered'
              ? new Date(delivery.nextAttemptAt).toLocaleString()
              : '—'}
          </dd>
        </div>
      </dl>
      {delivery.responseSnippet && (
        <pre
          className="max-h-24 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all"
          aria-label="Response"
        >
          {delivery.responseSnippet}
        </pre>
      )}
      <DeliveryAttempts delivery={delivery} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time className="text-xs text-muted-foreground" dateTime={delivery.createdAt}>
          {new Date(delivery.createdAt).toLocaleString()}
        </time>
        <Button
          type="button"
          variant="outline"
          size="sm"
          isPending={replay.isPending}
          aria-label={`Replay ${delivery.eventType} of ${new Date(delivery.createdAt).toLocaleString()}`}
          onClick={() =>
            replay.mutate(delivery.id, {
              onSuccess: () =>
                toast.success('Delivery replayed', { description: `${delivery.eventType} is on its way again.` }),
              onError: (error) =>
                toast.error('Failed to replay the delivery', {
                  description: serverMessageOr(error, 'Please try again.'),
                }),
            })
          }
        >
          <RotateCcwIcon aria-hidden="true" /> Replay
        </Button>
      </div>
    </li>
  );
}
