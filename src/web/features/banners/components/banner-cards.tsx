import { format } from 'date-fns';
import { BANNER_TYPE_COLORS } from '../../../../shared/constants';
import { bannerType } from '../../../../shared/format';
import type { Banner } from '../../../../shared/schemas/banners';
import { BannerView } from './banner-strip';
import { BANNER_TYPE_LABELS } from './banner-form-dialog';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { RowActions } from '~/components/row-actions';
import { Badge } from '~/components/ui/badge';

const when = (value: string | null) => (value ? format(new Date(value), 'PP, p') : 'Not set');

/**
 * Spec §2 Banners admin: one card per banner (title, type badge, Active/Inactive, message, preview, order, start and
 * end dates, Closeable Yes/No, edit and delete), drawn inside the kit's DataTable (cards at every width: one column
 * at 375 px, two from 1024 px).
 */
export function BannerCard({ banner, onEdit, onDelete }: { banner: Banner; onEdit(banner: Banner): void; onDelete(banner: Banner): void }) {
  const type = bannerType(banner.type);
  return (
    <div data-testid="banner-card" className="flex min-w-0 flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <h2 className="text-base font-semibold wrap-anywhere">{banner.title}</h2>
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline">
              <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: BANNER_TYPE_COLORS[type] }} />
              {BANNER_TYPE_LABELS[type]}
            </Badge>
            <Badge variant={banner.isActive ? 'success' : 'secondary'}>{banner.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
        </div>
        <RowActions name={banner.title} onEdit={() => onEdit(banner)} onDelete={() => onDelete(banner)} />
      </div>
      <p className="text-sm whitespace-pre-line text-muted-foreground wrap-anywhere">{banner.message}</p>
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
    </div>
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
