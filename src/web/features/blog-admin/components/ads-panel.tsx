/**
 * Ads & Monetization (spec §2): the ads as cards (content cut at 200 characters, spec §9), Create Ad dialog, edit
 * and delete per ad, the empty text 'No ads created yet', and the toasts of spec §8. Ads are attached to posts at
 * a position in the editor's Settings tab.
 */
import { AlertTriangleIcon, MegaphoneIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { BlogAd } from '../../../../shared/schemas/blog';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useBlogAds, useDeleteBlogAd } from '../api/blog-ads';
import { adPreview } from '../post-form';
import { AD_POSITION_LABELS, AD_TYPE_LABELS, AdFormDialog } from './ad-form-dialog';

export function AdsPanel() {
  const adsQuery = useBlogAds();
  const deleteAd = useDeleteBlogAd();
  const [formAd, setFormAd] = useState<BlogAd | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [adToDelete, setAdToDelete] = useState<BlogAd | null>(null);

  function openForm(ad: BlogAd | null) {
    setFormAd(ad);
    setIsFormOpen(true);
  }

  function confirmDelete(ad: BlogAd) {
    deleteAd.mutate(ad.id, {
      onSuccess: () => {
        toast.success('Ad deleted successfully');
        setAdToDelete(null);
      },
      onError: (error) =>
        toast.error('Failed to delete ad', { description: serverMessageOr(error, 'Failed to delete blog ad') }),
    });
  }

  return (
    <section aria-labelledby="blog-ads-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="blog-ads-heading" className="text-lg font-semibold">
            Ad Management
          </h2>
          <p className="text-sm text-muted-foreground">
            Banners, inline and sidebar ads and affiliate links shown on posts.
          </p>
        </div>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Create Ad
        </Button>
      </div>

      {adsQuery.isPending ? (
        <div role="status" className="grid gap-3 md:grid-cols-2">
          <span className="sr-only">Loading ads...</span>
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} className="h-36 w-full" />
          ))}
        </div>
      ) : adsQuery.isError ? (
        <Card>
          <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
            <p className="text-destructive">Failed to fetch blog ads</p>
            <Button variant="outline" onClick={() => void adsQuery.refetch()}>
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : adsQuery.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <MegaphoneIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="text-muted-foreground">No ads created yet</p>
          </CardContent>
        </Card>
      ) : (
        <ul aria-label="Ads" className="grid gap-3 md:grid-cols-2">
          {adsQuery.data.map((ad) => (
            <li key={ad.id}>
              <Card className="h-full">
                <CardContent className="flex h-full flex-col gap-3 px-4 sm:px-6">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold break-words">{ad.name}</h3>
                    <Badge variant={ad.isActive ? 'success' : 'secondary'}>{ad.isActive ? 'Active' : 'Inactive'}</Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {AD_TYPE_LABELS[ad.type]} · {AD_POSITION_LABELS[ad.position]} · Priority {ad.priority} · on{' '}
                    {ad.postCount} post
                    {ad.postCount === 1 ? '' : 's'}
                  </p>
                  <p className="text-sm break-words whitespace-pre-line">{adPreview(ad.content)}</p>
                  <div className="mt-auto flex gap-2">
                    <Button variant="outline" size="sm" onClick={() => openForm(ad)} aria-label={`Edit ad ${ad.name}`}>
                      <PencilIcon aria-hidden="true" /> Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive"
                      onClick={() => setAdToDelete(ad)}
                      aria-label={`Delete ad ${ad.name}`}
                    >
                      <Trash2Icon aria-hidden="true" /> Delete
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <AdFormDialog open={isFormOpen} ad={formAd} onOpenChange={setIsFormOpen} />
      <ConfirmDeleteDialog
        item={adToDelete}
        title="Delete ad?"
        description={
          adToDelete
            ? `Are you sure you want to delete the ad "${adToDelete.name}"? It is removed from every post.`
            : ''
        }
        isDeleting={deleteAd.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setAdToDelete(null);
        }}
      />
    </section>
  );
}
