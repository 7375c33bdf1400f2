import { AlertTriangleIcon, MegaphoneIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { pageTitle } from '../../../shared/brand';
import type { Banner } from '../../../shared/schemas/banners';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { BannerCards, BannerFormDialog, DeleteBannerDialog, useBanners, useDeleteBanner } from '~/features/banners';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

export const meta = adminMeta(pageTitle('Site Banners'), 'Manage site-wide notification banners.');

/** Spec §2 Banners admin. */
export default function Page() {
  return (
    <AdminPage title="Site Banners" description="Manage site-wide notification banners">
      <BannersManagement />
    </AdminPage>
  );
}

function BannersManagement() {
  const bannersQuery = useBanners();
  const deleteBanner = useDeleteBanner();
  const [formBanner, setFormBanner] = useState<Banner | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [bannerToDelete, setBannerToDelete] = useState<Banner | null>(null);
  const banners = bannersQuery.data ?? [];

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
      <AdminPageActions>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Create Banner
        </Button>
      </AdminPageActions>
      {bannersQuery.isPending ? (
        <div role="status" className="grid gap-4 lg:grid-cols-2">
          <span className="sr-only">Loading banners...</span>
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} className="h-64 w-full rounded-xl" />
          ))}
        </div>
      ) : bannersQuery.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border py-10 text-center">
          <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
          <p className="text-destructive">Error loading banners: {bannersQuery.error.message}</p>
          <Button variant="outline" onClick={() => void bannersQuery.refetch()}>
            Retry
          </Button>
        </div>
      ) : banners.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-12 text-center">
          <MegaphoneIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No banners created yet.</p>
          <p className="text-muted-foreground">Create your first banner to notify users.</p>
          <Button variant="outline" onClick={() => openForm(null)}>
            <PlusIcon aria-hidden="true" /> Create Banner
          </Button>
        </div>
      ) : (
        <BannerCards banners={banners} onEdit={openForm} onDelete={setBannerToDelete} />
      )}

      <BannerFormDialog open={isFormOpen} banner={formBanner} onOpenChange={setIsFormOpen} />
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
