/**
 * The Site Banners screen (spec §2): the banners as cards with their colour preview, Create Banner in the page header
 * (`Actions`: the route passes AdminPageActions), the form and delete dialogs.
 */
import { MegaphoneIcon, PlusIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { Banner } from '../../../../shared/schemas/banners';
import { DataTable, DataTableEmpty, useDataTableState, wholeListRows } from '~/components/data-table';
import { loadErrorText } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';
import { useBanners, useDeleteBanner } from '../api/admin-banners';
import { BannerCard, DeleteBannerDialog } from './banner-cards';
import { BannerFormDialog } from './banner-form-dialog';

const PAGE_SIZE = 20;
/** The API sends every banner (by display order); the page is kept in the URL like any admin list's. */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: [] };
/** Cards only (spec §2: the cards carry the banner's colour preview), so no column is ever drawn. */
const NO_COLUMNS: [] = [];

export function BannersScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const table = useDataTableState(TABLE_OPTIONS);
  const bannersQuery = useBanners();
  const deleteBanner = useDeleteBanner();
  const [formBanner, setFormBanner] = useState<Banner | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [bannerToDelete, setBannerToDelete] = useState<Banner | null>(null);

  function openForm(banner: Banner | null) {
    setFormBanner(banner);
    setIsFormOpen(true);
  }

  function confirmDelete(banner: Banner) {
    deleteBanner.mutate(banner.id, {
      onSuccess: () => {
        toast.success('Banner deleted successfully');
        setBannerToDelete(null);
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to delete banner')),
    });
  }

  return (
    <>
      <Actions>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Create Banner
        </Button>
      </Actions>
      <DataTable
        label="Banners"
        table={table}
        columns={NO_COLUMNS}
        {...wholeListRows(bannersQuery, table)}
        getRowId={(banner) => String(banner.id)}
        loadingLabel="Loading banners..."
        errorTitle={loadErrorText('banners', bannersQuery.error)}
        isCardsOnly
        cardListClassName="grid gap-4 lg:grid-cols-2"
        renderCard={(banner) => <BannerCard banner={banner} onEdit={openForm} onDelete={setBannerToDelete} />}
        empty={
          <DataTableEmpty icon={<MegaphoneIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No banners created yet.">
            <p className="text-muted-foreground">Create your first banner to notify users.</p>
            <Button variant="outline" onClick={() => openForm(null)}>
              <PlusIcon aria-hidden="true" /> Create Banner
            </Button>
          </DataTableEmpty>
        }
      />

      <BannerFormDialog open={isFormOpen} item={formBanner} onOpenChange={setIsFormOpen} />
      <DeleteBannerDialog
        banner={bannerToDelete}
        isDeleting={deleteBanner.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setBannerToDelete(null);
        }}
      />
    </>
  );
}
