import type { ColumnDef } from '@tanstack/react-table';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '~/lib/toast';
import { formatRelativeTime } from '../../../../shared/format';
import type { ApiClient } from '../../../../shared/schemas/clients';
import { useDeleteClient } from '../api/delete-client';
import { useClients } from '../api/get-clients';
import { useUpdateClient } from '../api/update-client';
import { serverMessageOr } from '~/lib/api-client';
import { CreateClientDialog } from './create-client-dialog';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable, DataTableEmpty, useDataTableState, wholeListRows } from '~/components/data-table';
import { loadErrorText } from '~/components/list-states';
import { ROW_ACTIONS_HEADER, RowActions } from '~/components/row-actions';
import { Switch } from '~/components/ui/switch';
import { ListCard } from '~/components/list-card';
import type { TableStateOptions } from '~/lib/table-url-state';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const PAGE_SIZE = 50;
/** Beside the build GUIDs' table on the same page: its page is `clientsPage` in the URL. */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: [], paramPrefix: 'clients' };

interface ClientActions {
  onRequestAdminChange(client: ApiClient): void;
  onDelete(client: ApiClient): void;
}

/** API clients (docs/architecture.md §5): list, create (secret shown once), grant or revoke admin, delete with confirmation. */
export function ClientsSection() {
  const table = useDataTableState(TABLE_OPTIONS);
  const clientsQuery = useClients();
  const updateClient = useUpdateClient();
  const deleteClient = useDeleteClient();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [clientToDelete, setClientToDelete] = useState<ApiClient | null>(null);
  const [adminChange, setAdminChange] = useState<ApiClient | null>(null);
  const columns = useMemo(() => clientColumns({ onRequestAdminChange: setAdminChange, onDelete: setClientToDelete }), []);

  function confirmAdminChange(client: ApiClient) {
    updateClient.mutate(
      { id: client.id, changes: { isAdmin: !client.isAdmin } },
      {
        onSuccess: () => {
          toast.success('Success', { description: 'API client updated successfully' });
          setAdminChange(null);
        },
        onError: (error) => toast.error('Error', { description: serverMessageOr(error, 'Failed to update API client') }),
      },
    );
  }

  function confirmDelete(client: ApiClient) {
    deleteClient.mutate(client.id, {
      onSuccess: () => {
        toast.success('Success', { description: 'API client deleted successfully' });
        setClientToDelete(null);
      },
      onError: (error) => toast.error('Error', { description: serverMessageOr(error, 'Failed to delete API client') }),
    });
  }

  return (
    <ListCard
      title="API Clients"
      count={clientsQuery.data?.length}
      headingId="api-clients-heading"
      description={
        <>
          A client&apos;s X-Client-Id and X-Client-Secret read and search the jots it sent. Admin clients read every jot and manage build
          GUIDs and clients, also with X-Admin-Client-Id and X-Admin-Client-Secret.
        </>
      }
      action={
        <Button className="shrink-0 self-start" onClick={() => setIsCreateOpen(true)}>
          <PlusIcon aria-hidden="true" /> New Client
        </Button>
      }
    >
      <DataTable
        label="API clients"
        table={table}
        columns={columns}
        {...wholeListRows(clientsQuery, table)}
        getRowId={(client) => String(client.id)}
        loadingLabel="Loading API clients..."
        errorTitle={loadErrorText('API clients', clientsQuery.error)}
        renderCard={(client) => <ClientCard client={client} onRequestAdminChange={setAdminChange} onDelete={setClientToDelete} />}
        empty={
          <DataTableEmpty icon={<KeyRoundIcon aria-hidden="true" className="size-8 text-muted-foreground" />} title="No API clients yet. Create one to read jots from a script." />
        }
      />

      <CreateClientDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
      <AdminChangeDialog
        client={adminChange}
        isPending={updateClient.isPending}
        onConfirm={confirmAdminChange}
        onOpenChange={(open) => {
          if (!open) setAdminChange(null);
        }}
      />
      <ConfirmDeleteDialog
        item={clientToDelete}
        title={`Delete API client “${clientToDelete ? clientName(clientToDelete) : ''}”?`}
        description={`Are you sure you want to delete the API client ${clientToDelete ? clientName(clientToDelete) : ''}? Its credentials stop working at once. This cannot be undone.`}
        isDeleting={deleteClient.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setClientToDelete(null);
        }}
      />
    </ListCard>
  );
}

function lastUsed(client: ApiClient): string {
  return client.lastUsedAt ? formatRelativeTime(client.lastUsedAt) : 'Never';
}

const clientName = (client: ApiClient) => client.name ?? client.clientId;

/** The switch asks first (a privilege change): it shows the stored state until the change is confirmed. */
function AdminSwitch({ client, onChange }: { client: ApiClient; onChange(client: ApiClient): void }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Switch checked={client.isAdmin} onCheckedChange={() => onChange(client)} aria-label={`Admin rights for ${clientName(client)}`} />
      {client.isAdmin ? <Badge>Admin</Badge> : <Badge variant="outline">Client</Badge>}
    </span>
  );
}

/** Client ID, Name, Admin, Last used, Created, Actions — the DataTable's columns from 768 px. */
function clientColumns({ onRequestAdminChange, onDelete }: ClientActions): Array<ColumnDef<ApiClient, unknown> & { id: string }> {
  return [
    { id: 'clientId', header: 'Client ID', meta: { cellClassName: 'font-mono text-xs' }, cell: ({ row }) => row.original.clientId },
    {
      id: 'name',
      header: 'Name',
      meta: { label: 'Name', cellClassName: 'max-w-64 whitespace-normal wrap-anywhere' },
      cell: ({ row }) => row.original.name ?? <span className="text-muted-foreground">—</span>,
    },
    { id: 'admin', header: 'Admin', meta: { label: 'Admin' }, cell: ({ row }) => <AdminSwitch client={row.original} onChange={onRequestAdminChange} /> },
    { id: 'lastUsed', header: 'Last used', meta: { label: 'Last used', cellClassName: 'text-muted-foreground' }, cell: ({ row }) => lastUsed(row.original) },
    {
      id: 'createdAt',
      header: 'Created',
      meta: { label: 'Created', cellClassName: 'text-muted-foreground' },
      cell: ({ row }) => dateFormat.format(new Date(row.original.createdAt)),
    },
    {
      id: 'actions',
      header: ROW_ACTIONS_HEADER,
      enableHiding: false,
      meta: { headClassName: 'w-16', cellClassName: 'text-right' },
      cell: ({ row }) => <RowActions name={clientName(row.original)} onDelete={() => onDelete(row.original)} />,
    },
  ];
}

/** A client under 768 px: its id and name, Delete, the admin switch and when it was last used. */
function ClientCard({ client, onRequestAdminChange, onDelete }: { client: ApiClient } & ClientActions) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-mono text-xs break-all">{client.clientId}</p>
          {client.name && <p className="font-medium wrap-anywhere">{client.name}</p>}
        </div>
        <RowActions name={clientName(client)} onDelete={() => onDelete(client)} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <AdminSwitch client={client} onChange={onRequestAdminChange} />
        <span>Last used {lastUsed(client).toLowerCase()}</span>
      </div>
    </>
  );
}

/** Granting or revoking an API client's admin rights, named and explained before it happens. */
function AdminChangeDialog({
  client,
  isPending,
  onConfirm,
  onOpenChange,
}: {
  client: ApiClient | null;
  isPending: boolean;
  onConfirm(client: ApiClient): void;
  onOpenChange(open: boolean): void;
}) {
  const name = client ? clientName(client) : '';
  const isRevoke = client?.isAdmin === true;
  return (
    <ConfirmDialog
      open={client !== null}
      onOpenChange={onOpenChange}
      title={isRevoke ? `Revoke admin rights from “${name}”?` : `Make “${name}” an admin client?`}
      description={
        isRevoke
          ? 'It will read only the jots it sent, and no longer manage build GUIDs and clients.'
          : 'It will read every jot and manage build GUIDs and API clients, also with the X-Admin-Client headers.'
      }
      confirmLabel={isRevoke ? 'Revoke admin rights' : 'Make admin client'}
      isPending={isPending}
      isDestructive={isRevoke}
      onConfirm={() => {
        if (client) onConfirm(client);
      }}
    />
  );
}
