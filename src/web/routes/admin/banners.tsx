import { MegaphoneIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { pageTitle } from '../../../shared/brand';
import type { Banner } from '../../../shared/schemas/banners';
import { Button } from '~/components/ui/button';
import { ListEmpty, ListError } from '~/components/list-states';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { BannerCards, BannerCardsSkeleton, BannerFormDialog, DeleteBannerDialog, useBanners, useDeleteBanner } from '~/features/banners';
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
        <BannerCardsSkeleton />
      ) : bannersQuery.isError ? (
        <ListError what="banners" error={bannersQuery.error} onRetry={() => void bannersQuery.refetch()} />
      ) : banners.length === 0 ? (
        <ListEmpty icon={MegaphoneIcon} title="No banners created yet.">
          <p className="text-muted-foreground">Create your first banner to notify users.</p>
          <Button variant="outline" onClick={() => openForm(null)}>
            <PlusIcon aria-hidden="true" /> Create Banner
          </Button>
        </ListEmpty>
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
