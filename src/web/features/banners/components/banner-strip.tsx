import { AlertTriangleIcon, CheckCircle2Icon, InfoIcon, XCircleIcon, XIcon } from 'lucide-react';
import { useMemo, useSyncExternalStore } from 'react';
import { BANNER_TYPE_COLORS } from '../../../../shared/constants';
import { bannerType } from '../../../../shared/format';
import type { ActiveBanner } from '../../../../shared/schemas/banners';
import { useActiveBanners } from '../api/get-active-banners';
import { closeBanner, closedBannersStore, isClosed, parseClosedBanners } from './closed-banners';
import { readableColors } from './contrast';

const TYPE_ICONS = { info: InfoIcon, success: CheckCircle2Icon, warning: AlertTriangleIcon, error: XCircleIcon } as const;

/** The banner strip above every page (spec §2): active banners by display order; closeable ones stay closed. */
export function BannerStrip({ initialBanners }: { initialBanners: ActiveBanner[] | null | undefined }) {
  const { data } = useActiveBanners(initialBanners);
  const closedRaw = useSyncExternalStore(closedBannersStore.subscribe, closedBannersStore.getSnapshot, closedBannersStore.getServerSnapshot);
  const visible = useMemo(() => {
    const closed = parseClosedBanners(closedRaw);
    return [...(data ?? [])]
      .sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id)
      .filter((banner) => !(banner.isCloseable && isClosed(banner, closed)));
  }, [data, closedRaw]);

  if (visible.length === 0) return null;
  return (
    <section aria-label="Announcements">
      {visible.map((banner) => (
        <BannerView key={banner.id} banner={banner} onClose={() => closeBanner(banner)} />
      ))}
    </section>
  );
}

/** What one banner shows: the strip's and, unchanged, the admin screen's previews. */
export type BannerViewData = Pick<ActiveBanner, 'title' | 'message' | 'type' | 'backgroundColor' | 'textColor' | 'isCloseable'> & {
  id?: number;
  updatedAt?: string;
};

/**
 * One banner as the public strip shows it. The admin screen's live preview and cards render this same component
 * with `preview`: the close button is then a picture of itself (not focusable, does nothing).
 */
export function BannerView({ banner, onClose, preview = false }: { banner: BannerViewData; onClose?: () => void; preview?: boolean }) {
  const type = bannerType(banner.type);
  const Icon = TYPE_ICONS[type];
  const colors = readableColors(banner.backgroundColor, banner.textColor, BANNER_TYPE_COLORS[type]);
  return (
    <div
      data-testid={preview ? 'banner-preview' : 'site-banner'}
      data-banner-id={banner.id}
      // With the id, what the first-paint handler (lib/first-paint.ts) matches a closed banner by.
      data-banner-updated-at={preview ? undefined : banner.updatedAt}
      style={{ backgroundColor: colors.background, color: colors.text }}
      className={preview ? 'overflow-hidden rounded-md' : undefined}
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 text-sm sm:items-center sm:px-6">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 sm:mt-0" />
        <p className="min-w-0 flex-1 text-pretty wrap-anywhere">
          <strong className="font-semibold">{banner.title}</strong>
          <span className="mx-2 hidden opacity-60 sm:inline" aria-hidden="true">
            ·
          </span>
          <span className="block whitespace-pre-line sm:inline">{banner.message}</span>
        </p>
        {banner.isCloseable && preview && (
          <span aria-hidden="true" className="-my-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center opacity-80">
            <XIcon className="size-4" />
          </span>
        )}
        {banner.isCloseable && !preview && (
          <button
            type="button"
            // Acts before hydration too: the first-paint handler closes the banner at once (lib/first-paint.ts).
            data-banner-close=""
            onClick={onClose}
            aria-label={`Close banner: ${banner.title}`}
            className="-my-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md opacity-80 transition hover:bg-black/10 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none"
          >
            <XIcon aria-hidden="true" className="size-4" />
          </button>
        )}
        {banner.isCloseable && !preview && <NoScriptClose title={banner.title} />}
      </div>
    </div>
  );
}

/**
 * Without JavaScript the close button cannot act, so it is hidden and a checkbox labelled as the close control
 * takes its place: checking it hides the banner with CSS (app.css, `[data-banner-dismiss]`) for this page view.
 */
function NoScriptClose({ title }: { title: string }) {
  return (
    <noscript>
      <style>{'[data-banner-close]{display:none}'}</style>
      <label className="-my-1 -mr-2 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md opacity-80 hover:bg-black/10 hover:opacity-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-current">
        <input type="checkbox" data-banner-dismiss="" aria-label={`Close banner: ${title}`} className="sr-only" />
        <XIcon aria-hidden="true" className="size-4" />
      </label>
    </noscript>
  );
}
