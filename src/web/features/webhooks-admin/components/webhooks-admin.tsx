import type { ColumnDef } from '@tanstack/react-table';
import { KeyRoundIcon, ListIcon, PlusIcon, TriangleAlertIcon, WebhookIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useId, useMemo, useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../../../../shared/schemas/webhooks';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/webhook-endpoints';
import { useWebhookDeliveries } from '../api/webhook-deliveries';
import { CopyButton } from '~/components/copy-button';
import { DeliveryLog, DeliveryStatusBadge } from './delivery-log';
import { emptyWebhook, WebhookFields, webhookToForm, useWebhookForm } from './webhook-fields';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { DataTable, DataTableEmpty, useDataTableState, wholeListRows } from '~/components/data-table';
import { DataTableRowActions } from '~/components/data-table-row-actions';
import { FormSheet, FormSheetBody } from '~/components/form-sheet';
import { loadErrorText } from '~/components/list-states';
import { ROW_ACTIONS_HEADER } from '~/components/row-actions';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

const TABLE_OPTIONS: TableStateOptions = { pageSizes: [50], defaultPageSize: 50, sortable: [], filters: [] };

interface EndpointActions {
  onEdit(endpoint: WebhookEndpoint): void;
  onRotate(endpoint: WebhookEndpoint): void;
  onLog(endpoint: WebhookEndpoint): void;
}

/**
 * Issue 41 §2, §5: the webhook endpoints (URL, events, state), Add and Edit in a side panel, the secret shown once
 * after Add and Rotate secret, Delete asking first, and each endpoint's delivery log in a side panel.
 */
export function WebhooksAdmin({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const endpointsQuery = useWebhookEndpoints();
  const table = useDataTableState(TABLE_OPTIONS);
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const rotate = useRotateWebhookSecret();
  const actions: EndpointActions = useMemo(() => ({ onEdit: setEditing, onRotate: setRotating, onLog: setLogOf }), []);
  const columns = useMemo(() => endpointColumns(actions), [actions]);

  return (
    <>
      <Actions>
        <Button onClick={() => setIsAdding(true)}>
          <PlusIcon aria-hidden="true" /> Add endpoint
        </Button>
      </Actions>
      <DataTable
        label="Webhook endpoints"
        table={table}
        columns={columns}
        {...wholeListRows(endpointsQuery, table)}
        getRowId={(endpoint) => String(endpoint.id)}
        loadingLabel="Loading webhook endpoints..."
        errorTitle={loadErrorText('webhook endpoints', endpointsQuery.error)}
        rowTestId="webhook"
        renderCard={(endpoint) => (
          <>
            <p className="font-mono text-sm break-all">{endpoint.url}</p>
            {endpoint.description && (
              <p className="text-sm wrap-anywhere text-muted-foreground">{endpoint.description}</p>
            )}
            <EventList events={endpoint.events} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <EndpointState endpoint={endpoint} />
              <LastDelivery endpoint={endpoint} />
              <EndpointRowActions endpoint={endpoint} {...actions} />
            </div>
          </>
        )}
        empty={
          <DataTableEmpty
            icon={<WebhookIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
            title="No webhook endpoints yet. Add one to have JotIt POST its events to your server."
          />
        }
      />
      <FormSheet open={isAdding} onOpenChange={setIsAdding}>
        <AddEndpointForm
          onDone={(created) => {
            setIsAdding(false);
            if (created) setSecret(created);
          }}
        />
      </FormSheet>
      <FormSheet open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing && <EditEndpointForm key={editing.id} endpoint={editing} onDone={() => setEditing(null)} />}
      </FormSheet>
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title={`Rotate the signing secret of ${rotating?.url ?? ''}?`}
        description="A new secret is made and shown once. The current one keeps signing beside it for 24 hours, then stops: update your receiver before then."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating..."
        isPending={rotate.isPending}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating.id, {
            onSuccess: (rotated) => {
              setRotating(null);
              setSecret(rotated);
              toast.success('Secret rotated', { description: rotated.url });
            },
            onError: (error) =>
              toast.error('Failed to rotate the secret', { description: serverMessageOr(error, 'Please try again.') }),
          });
        }}
      />
      <SecretDialog endpoint={secret} onClose={() => setSecret(null)} />
      <DeliveryLog endpoint={logOf} onOpenChange={(open) => !open && setLogOf(null)} />
    </>
  );
}

/** URL, Events, State, Actions. */
function endpointColumns(actions: EndpointActions): Array<ColumnDef<WebhookEndpoint, unknown> & { id: string }> {
  return [
    {
      id: 'url',
      header: 'URL',
      meta: { label: 'URL', cellClassName: 'max-w-80 whitespace-normal' },
      cell: ({ row }) => (
        <div className="flex flex-col gap-1">
          <span className="font-mono text-sm break-all">{row.original.url}</span>
          {row.original.description && (
            <span className="text-xs wrap-anywhere text-muted-foreground">{row.original.description}</span>
          )}
        </div>
      ),
    },
    {
      id: 'events',
      header: 'Events',
      meta: { label: 'Events', cellClassName: 'max-w-72 whitespace-normal' },
      cell: ({ row }) => <EventList events={row.original.events} />,
    },
    {
      id: 'state',
      header: 'State',
      meta: { label: 'State' },
      cell: ({ row }) => <EndpointState endpoint={row.original} />,
    },
    {
      id: 'lastDelivery',
      header: 'Last delivery',
      meta: { label: 'Last delivery' },
      cell: ({ row }) => <LastDelivery endpoint={row.original} />,
    },
    {
      id: 'actions',
      header: ROW_ACTIONS_HEADER,
      enableHiding: false,
      meta: { cellClassName: 'text-right' },
      cell: ({ row }) => <EndpointRowActions endpoint={row.original} {...actions} />,
    },
  ];
}

function EventList({ events }: { events: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Events">
      {events.map((event) => (
        <li key={event}>
          <Badge variant="outline" className="font-mono text-xs">
            {event}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** Enabled, Disabled, "Disabled after failures" (three days of failures) or "Failing since …". */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled && endpoint.disabledAt)
    return (
      <Badge variant="destructive" title={`Disabled ${new Date(endpoint.disabledAt).toLocaleString()}`}>
        Disabled after failures
      </Badge>
    );
  if (!endpoint.enabled) return <Badge variant="secondary">Disabled</Badge>;
  if (endpoint.failingSince)
    return (
      <span className="flex flex-wrap items-center gap-1">
        <Badge>Enabled</Badge>
        <span className="text-xs text-destructive">
          Failing since {new Date(endpoint.failingSince).toLocaleString()}
        </span>
      </span>
    );
  return <Badge>Enabled</Badge>;
}

/** The newest delivery's status (the log's own query: the API has no per-endpoint summary; endpoints are few). */
function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id, undefined);
  const last = deliveries.data?.[0];
  if (!last) return <span className="text-xs text-muted-foreground">{deliveries.isPending ? '…' : 'None yet'}</span>;
  return (
    <span className="flex items-center gap-1 text-xs" data-testid="webhook-last-delivery">
      <span className="sr-only">Last delivery:</span>
      <DeliveryStatusBadge status={last.status} />
      {last.responseStatus !== null && <span className="text-muted-foreground">HTTP {last.responseStatus}</span>}
    </span>
  );
}

function EndpointRowActions({ endpoint, onEdit, onRotate, onLog }: { endpoint: WebhookEndpoint } & EndpointActions) {
  const deleteEndpoint = useDeleteWebhookEndpoint();
  return (
    <DataTableRowActions
      name={endpoint.url}
      onEdit={() => onEdit(endpoint)}
      deletion={{
        title: `Delete the webhook endpoint ${endpoint.url}?`,
        description: 'Its events stop being sent at once, and its delivery log goes with it. This cannot be undone.',
        remove: () => deleteEndpoint.mutateAsync(endpoint.id),
        done: 'Webhook endpoint deleted',
        doneDescription: endpoint.url,
        failed: 'Failed to delete the webhook endpoint',
      }}
    >
      {(
        [
          ['Delivery log', ListIcon, onLog],
          ['Rotate secret', KeyRoundIcon, onRotate],
        ] as const
      ).map(([action, Icon, onClick]) => (
        <Button
          key={action}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`${action}: ${endpoint.url}`}
          title={action}
          onClick={() => onClick(endpoint)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </DataTableRowActions>
  );
}

function AddEndpointForm({ onDone }: { onDone(created?: WebhookEndpointWithSecret): void }) {
  const create = useCreateWebhookEndpoint();
  const form = useWebhookForm(emptyWebhook());
  return (
    <FormSheetBody
      form={form}
      title="Add endpoint"
      description="JotIt POSTs each chosen event to this URL, signed (Standard Webhooks). The signing secret is shown once, right after this."
      submitLabel="Add endpoint"
      pendingLabel="Adding..."
      onCancel={() => onDone()}
      onSubmit={async (input) => {
        const created = await create.mutateAsync(input);
        toast.success('Webhook endpoint added', { description: created.url });
        onDone(created);
      }}
      onError={(error) =>
        toast.error('Failed to add the webhook endpoint', { description: serverMessageOr(error, 'Please try again.') })
      }
    >
      <WebhookFields register={form.register} />
    </FormSheetBody>
  );
}

function EditEndpointForm({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone(): void }) {
  const update = useUpdateWebhookEndpoint();
  const form = useWebhookForm(webhookToForm(endpoint));
  return (
    <FormSheetBody
      form={form}
      title="Edit endpoint"
      description="Changes apply to the next event. Enabling an endpoint disabled after failures starts its failure clock afresh."
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      onCancel={onDone}
      onSubmit={async (changes) => {
        const updated = await update.mutateAsync({ id: endpoint.id, changes });
        toast.success('Webhook endpoint updated', { description: updated.url });
        onDone();
      }}
      onError={(error) =>
        toast.error('Failed to update the webhook endpoint', {
          description: serverMessageOr(error, 'Please try again.'),
        })
      }
    >
      <WebhookFields register={form.register} />
    </FormSheetBody>
  );
}

/** The signing secret, this once, with Copy. */
function SecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointWithSecret | null; onClose(): void }) {
  const id = useId();
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription className="break-all">
            Verify each delivery to {endpoint?.url} with this secret.
          </DialogDescription>
        </DialogHeader>
        <p role="alert" className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Copy it now. You will not see it again: lost it? Rotate the secret.
        </p>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id}>Secret</Label>
          <div className="flex gap-2">
            <Input
              id={id}
              readOnly
              value={endpoint?.secret ?? ''}
              className="font-mono text-xs"
              data-testid="webhook-secret"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={endpoint?.secret ?? ''} label="Secret" />
          </div>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
