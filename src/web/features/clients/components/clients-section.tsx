import { KeyRoundIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { ListLoadingTable } from '~/components/list-states';
import { Switch } from '~/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** API clients (docs/architecture.md §5): list, create (secret shown once), grant or revoke admin, delete with confirmation. */
export function ClientsSection() {
  const clientsQuery = useClients();
  const updateClient = useUpdateClient();
  const deleteClient = useDeleteClient();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [clientToDelete, setClientToDelete] = useState<ApiClient | null>(null);
  const [adminChange, setAdminChange] = useState<ApiClient | null>(null);
  const clients = clientsQuery.data ?? [];

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
    <Card role="region" aria-labelledby="api-clients-heading">
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>
            <h2 id="api-clients-heading" className="text-lg font-semibold">
              API Clients{clientsQuery.data ? ` (${clients.length})` : ''}
            </h2>
          </CardTitle>
          <CardDescription>
            A client&apos;s X-Client-Id and X-Client-Secret read and search the jots it sent. Admin clients read every jot and manage build
            GUIDs and clients, also with X-Admin-Client-Id and X-Admin-Client-Secret.
          </CardDescription>
        </div>
        <Button className="shrink-0 self-start" onClick={() => setIsCreateOpen(true)}>
          <PlusIcon aria-hidden="true" /> New Client
        </Button>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {clientsQuery.isPending ? (
          <ListLoadingTable label="Loading API clients..." columns={['Client ID', 'Name', 'Admin', 'Last used', 'Created', 'Actions']} rows={2} />
        ) : clientsQuery.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-destructive">Error loading API clients: {clientsQuery.error.message}</p>
            <Button variant="outline" onClick={() => void clientsQuery.refetch()}>
              Retry
            </Button>
          </div>
        ) : clients.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <KeyRoundIcon aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-muted-foreground">No API clients yet. Create one to read jots from a script.</p>
          </div>
        ) : (
          <>
            <div className="hidden md:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Client ID</TableHead>
                    <TableHead>Name</TableHead>
                    <TableHead>Admin</TableHead>
                    <TableHead>Last used</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead className="w-16 text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {clients.map((client) => (
                    <TableRow key={client.id}>
                      <TableCell className="font-mono text-xs">{client.clientId}</TableCell>
                      <TableCell>{client.name ?? <span className="text-muted-foreground">—</span>}</TableCell>
                      <TableCell>
                        <AdminSwitch client={client} onChange={setAdminChange} />
                      </TableCell>
                      <TableCell className="text-muted-foreground">{lastUsed(client)}</TableCell>
                      <TableCell className="text-muted-foreground">{dateFormat.format(new Date(client.createdAt))}</TableCell>
                      <TableCell className="text-right">
                        <DeleteButton client={client} onDelete={setClientToDelete} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden" aria-label="API clients">
              {clients.map((client) => (
                <li key={client.id} className="flex flex-col gap-3 rounded-lg border p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex min-w-0 flex-col gap-1">
                      <p className="font-mono text-xs break-all">{client.clientId}</p>
                      {client.name && <p className="font-medium">{client.name}</p>}
                    </div>
                    <DeleteButton client={client} onDelete={setClientToDelete} />
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                    <AdminSwitch client={client} onChange={setAdminChange} />
                    <span>Last used {lastUsed(client).toLowerCase()}</span>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>

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
    </Card>
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

function DeleteButton({ client, onDelete }: { client: ApiClient; onDelete(client: ApiClient): void }) {
  return (
    <Button
      type="button"
      variant="ghost-destructive"
      size="icon"
      aria-label={`Delete ${clientName(client)}`}
      onClick={() => onDelete(client)}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
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
