import { format } from 'date-fns';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { BANNER_TYPE_COLORS } from '../../../../shared/constants';
import { bannerType } from '../../../../shared/format';
import type { Banner } from '../../../../shared/schemas/banners';
import { BannerView } from './banner-strip';
import { BANNER_TYPE_LABELS } from './banner-form-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';

const when = (value: string | null) => (value ? format(new Date(value), 'PP, p') : 'Not set');

/**
 * Spec §2 Banners admin: one card per banner (title, type badge, Active/Inactive, message, preview, order, start and
 * end dates, Closeable Yes/No, edit and delete). Cards at every width: one column at 375 px, two from 1024 px.
 */
export function BannerCards({ banners, onEdit, onDelete }: { banners: Banner[]; onEdit(banner: Banner): void; onDelete(banner: Banner): void }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Banners">
      {banners.map((banner) => {
        const type = bannerType(banner.type);
        return (
          <li key={banner.id} data-testid="banner-card" className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-2">
                <h2 className="text-base font-semibold break-words">{banner.title}</h2>
                <div className="flex flex-wrap gap-2">
                  <Badge variant="outline">
                    <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: BANNER_TYPE_COLORS[type] }} />
                    {BANNER_TYPE_LABELS[type]}
                  </Badge>
                  <Badge variant={banner.isActive ? 'success' : 'secondary'}>{banner.isActive ? 'Active' : 'Inactive'}</Badge>
                </div>
              </div>
              <span className="inline-flex shrink-0 gap-1">
                <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${banner.title}`} onClick={() => onEdit(banner)}>
                  <PencilIcon aria-hidden="true" />
                </Button>
                <Button type="button" variant="ghost-destructive" size="icon" aria-label={`Delete ${banner.title}`} onClick={() => onDelete(banner)}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </span>
            </div>
            <p className="text-sm whitespace-pre-line text-muted-foreground">{banner.message}</p>
            <BannerView preview banner={banner} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Order</dt>
                <dd className="tabular-nums">{banner.displayOrder}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Closeable</dt>
                <dd>{banner.isCloseable ? 'Yes' : 'No'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Start</dt>
                <dd>{when(banner.startDate)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">End</dt>
                <dd>{when(banner.endDate)}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** The delete confirmation, naming the banner. */
export function DeleteBannerDialog(props: { banner: Banner | null; isDeleting: boolean; onConfirm(banner: Banner): void; onOpenChange(open: boolean): void }) {
  const { banner, ...rest } = props;
  return (
    <ConfirmDeleteDialog
      item={banner}
      title={`Delete banner${banner ? ` “${banner.title}”` : ''}?`}
      description="Are you sure you want to delete this banner? It disappears from the site within 30 seconds. This cannot be undone."
      {...rest}
    />
  );
}

/** The cards' own shape while the banners load: title, badges, message, preview strip and the four facts. */
export function BannerCardsSkeleton() {
  return (
    <div role="status" data-testid="list-loading">
      <span className="sr-only">Loading banners...</span>
      <ul aria-hidden="true" className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((index) => (
          <li key={index} className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
            <div className="flex flex-col gap-2">
              <Skeleton className="h-5 w-1/2" />
              <div className="flex gap-2">
                <Skeleton className="h-5 w-16 rounded-full" />
                <Skeleton className="h-5 w-14 rounded-full" />
              </div>
            </div>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-12 w-full" />
            <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
              {[0, 1, 2, 3].map((fact) => (
                <Skeleton key={fact} className="h-8 w-full" />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
