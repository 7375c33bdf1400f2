/**
 * Ads & Monetization (spec §2): the ads as cards (content cut at 200 characters, spec §9), Create Ad dialog, edit
 * and delete per ad, the empty text 'No ads created yet', and the toasts of spec §8. Ads are attached to posts at
 * a position in the editor's Settings tab.
 */
import { MegaphoneIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { BlogAd } from '../../../../shared/schemas/blog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useBlogAds, useDeleteBlogAd } from '../api/blog-ads';
import { adPreview } from '../post-form';
import { AD_POSITION_LABELS, AD_TYPE_LABELS, AdFormDialog } from './ad-form-dialog';
import { CollectionPanel } from './collection-panel';

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
      query={adsQuery}
      loadingLabel="Loading ads..."
      fetchError="Failed to fetch blog ads"
      empty={{ icon: MegaphoneIcon, text: 'No ads created yet' }}
      listLabel="Ads"
      listClassName="grid gap-3 md:grid-cols-2"
      deletion={{
        title: 'Delete ad?',
        description: (ad) => `Are you sure you want to delete the ad "${ad.name}"? It is removed from every post.`,
        remove: (ad) => deleteAd.mutateAsync(ad.id),
        isPending: deleteAd.isPending,
        succeeded: 'Ad deleted successfully',
        failed: 'Failed to delete ad',
        failedFallback: 'Failed to delete blog ad',
      }}
      renderItem={(ad, requestDelete) => (
        <Card className="h-full">
          <CardContent className="flex h-full flex-col gap-3 px-4 sm:px-6">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{ad.name}</h3>
              <Badge variant={ad.isActive ? 'success' : 'secondary'}>{ad.isActive ? 'Active' : 'Inactive'}</Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              {AD_TYPE_LABELS[ad.type]} · {AD_POSITION_LABELS[ad.position]} · Priority {ad.priority} · on {ad.postCount} post
              {ad.postCount === 1 ? '' : 's'}
            </p>
            <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{adPreview(ad.content)}</p>
            <div className="mt-auto flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setForm({ ad, isOpen: true })} aria-label={`Edit ad ${ad.name}`}>
                <PencilIcon aria-hidden="true" /> Edit
              </Button>
              <Button variant="outline" size="sm" className="text-destructive" onClick={requestDelete} aria-label={`Delete ad ${ad.name}`}>
                <Trash2Icon aria-hidden="true" /> Delete
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
    >
      <AdFormDialog open={form.isOpen} ad={form.ad} onOpenChange={(isOpen) => setForm((current) => ({ ...current, isOpen }))} />
    </CollectionPanel>
  );
}
