/**
 * The Build GUIDs screen (spec §2): the keys the server decrypts jots with — the list (a table at 1280, cards on a
 * phone), Refresh and Add in the page header (`Actions`: the route passes AdminPageActions), edit and delete dialogs.
 * The route puts the API clients below it (features do not import each other).
 */
import { KeySquareIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import type { BuildGuid } from '../../../../shared/schemas/build-guids';
import { DataTable, DataTableEmpty, useDataTableState, wholeListRows } from '~/components/data-table';
import { loadErrorText } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';
import { useBuildGuids } from '../api/get-build-guids';
import { useDeleteBuildGuid } from '../api/delete-build-guid';
import { BuildGuidFormDialog } from './build-guid-form-dialog';
import { BuildGuidCard, buildGuidColumns } from './build-guid-list';
import { DeleteBuildGuidDialog } from './delete-build-guid-dialog';

const PAGE_SIZE = 50;
/** The API sends every build GUID; the page is kept in the URL (`?page=2`; the API clients' table below uses `clientsPage`). */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: [] };

export function BuildGuidsScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const table = useDataTableState(TABLE_OPTIONS);
  const guidsQuery = useBuildGuids();
  const deleteBuildGuid = useDeleteBuildGuid();
  const [formGuid, setFormGuid] = useState<BuildGuid | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [guidToDelete, setGuidToDelete] = useState<BuildGuid | null>(null);

  function openForm(guid: BuildGuid | null) {
    setFormGuid(guid);
    setIsFormOpen(true);
  }
  const columns = useMemo(() => buildGuidColumns({ onEdit: openForm, onDelete: setGuidToDelete }), []);

  function confirmDelete(guid: BuildGuid) {
    deleteBuildGuid.mutate(guid.id, {
      onSuccess: () => {
        toast.success('Success', { description: 'Build GUID deleted successfully' });
        setGuidToDelete(null);
      },
      onError: (error) => toast.error('Error', { description: serverMessageOr(error, 'Failed to delete build GUID') }),
    });
  }

  return (
    <>
      <Actions>
        <>
          <Button variant="outline" onClick={() => void guidsQuery.refetch()} disabled={guidsQuery.isFetching}>
            <RefreshCwIcon aria-hidden="true" className={guidsQuery.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined} />
            Refresh
          </Button>
          <Button onClick={() => openForm(null)}>
            <PlusIcon aria-hidden="true" /> Add
          </Button>
        </>
      </Actions>
      <Card>
        <CardContent className="px-4 sm:px-6">
          <DataTable
            label="Build GUIDs"
            table={table}
            columns={columns}
            {...wholeListRows(guidsQuery, table)}
            getRowId={(guid) => String(guid.id)}
            loadingLabel="Loading build GUIDs..."
            errorTitle={loadErrorText('build GUIDs', guidsQuery.error)}
            renderCard={(guid) => <BuildGuidCard guid={guid} onEdit={openForm} onDelete={setGuidToDelete} />}
            empty={
              <DataTableEmpty icon={<KeySquareIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title={null}>
                <p className="hidden text-muted-foreground md:block">No build GUIDs found. Create one to get started.</p>
                <p className="text-muted-foreground md:hidden">No build GUIDs found. Tap Add to create one.</p>
              </DataTableEmpty>
            }
          />
        </CardContent>
      </Card>

      <BuildGuidFormDialog open={isFormOpen} item={formGuid} onOpenChange={setIsFormOpen} />
      <DeleteBuildGuidDialog
        guid={guidToDelete}
        isDeleting={deleteBuildGuid.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setGuidToDelete(null);
        }}
      />
    </>
  );
}
