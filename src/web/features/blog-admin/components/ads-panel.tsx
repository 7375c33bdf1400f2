/**
 * Ads & Monetization (spec §2): the ads as cards (content cut at 200 characters, spec §9), Create Ad dialog, edit
 * and delete per ad, the empty text 'No ads created yet', and the toasts of spec §8. Ads are attached to posts at
 * a position in the editor's Settings tab.
 */
import { MegaphoneIcon } from 'lucide-react';
import { useState } from 'react';
import type { BlogAd } from '../../../../shared/schemas/blog';
import { RowActions } from '~/components/row-actions';
import { Badge } from '~/components/ui/badge';
import { useBlogAds, useDeleteBlogAd } from '../api/blog-ads';
import { adPreview } from '../post-form';
import { AD_POSITION_LABELS, AD_TYPE_LABELS, AdFormDialog } from './ad-form-dialog';
import { collectionTableOptions, CollectionPanel } from './collection-panel';

const TABLE_OPTIONS = collectionTableOptions('ads');

export function AdsPanel() {
  const adsQuery = useBlogAds();
  const deleteAd = useDeleteBlogAd();
  const [form, setForm] = useState<{ ad: BlogAd | null; isOpen: boolean }>({ ad: null, isOpen: false });

  return (
    <CollectionPanel
      id="blog-ads"
      title="Ad Management"
      description="Banners, inline and sidebar ads and affiliate links shown on posts."
      add={{ label: 'Create Ad', onClick: () => setForm({ ad: null, isOpen: true }) }}
      tableOptions={TABLE_OPTIONS}
      query={adsQuery}
      loadingLabel="Loading ads..."
      fetchError="Failed to fetch blog ads"
      empty={{ icon: MegaphoneIcon, text: 'No ads created yet' }}
      label="Ads"
      // Spec §2: ads as cards, at every width.
      cardListClassName="grid gap-3 md:grid-cols-2"
      deletion={{
        title: 'Delete ad?',
        description: (ad) => `Are you sure you want to delete the ad "${ad.name}"? It is removed from every post.`,
        remove: (ad) => deleteAd.mutateAsync(ad.id),
        isPending: deleteAd.isPending,
        succeeded: 'Ad deleted successfully',
        failed: 'Failed to delete ad',
        failedFallback: 'Failed to delete blog ad',
      }}
      renderCard={(ad, requestDelete) => (
        <div className="flex h-full min-w-0 flex-col gap-3">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <h3 className="min-w-0 font-semibold wrap-anywhere">{ad.name}</h3>
              <Badge variant={ad.isActive ? 'success' : 'secondary'}>{ad.isActive ? 'Active' : 'Inactive'}</Badge>
            </div>
            <RowActions name={`ad ${ad.name}`} onEdit={() => setForm({ ad, isOpen: true })} onDelete={requestDelete} />
          </div>
          <p className="text-xs text-muted-foreground">
            {AD_TYPE_LABELS[ad.type]} · {AD_POSITION_LABELS[ad.position]} · Priority {ad.priority} · on {ad.postCount} post
            {ad.postCount === 1 ? '' : 's'}
          </p>
          <p className="text-sm whitespace-pre-line wrap-anywhere">{adPreview(ad.content)}</p>
        </div>
      )}
    >
      <AdFormDialog open={form.isOpen} item={form.ad} onOpenChange={(isOpen) => setForm((current) => ({ ...current, isOpen }))} />
    </CollectionPanel>
  );
}
