import { CLOSED_BANNERS_CHANGE_EVENT, CLOSED_BANNERS_STORAGE_KEY } from '../../../../shared/constants';

/**
 * Banners a visitor closed, in localStorage under `closedBanners` (spec §3, §9). Each entry keeps the banner's
 * `updatedAt` at the time it was closed, so a banner edited afterwards shows again; a bare id (the spec's older
 * format) hides that banner for good.
 */
export interface ClosedBanner {
  id: number;
  updatedAt: string | null;
}

export function parseClosedBanners(raw: string | null): ClosedBanner[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry): ClosedBanner[] => {
      if (typeof entry === 'number') return [{ id: entry, updatedAt: null }];
      if (entry && typeof entry === 'object' && typeof (entry as ClosedBanner).id === 'number') {
        const updatedAt = (entry as ClosedBanner).updatedAt;
        return [{ id: (entry as ClosedBanner).id, updatedAt: typeof updatedAt === 'string' ? updatedAt : null }];
      }
      return [];
    });
  } catch {
    return [];
  }
}

export function isClosed(banner: { id: number; updatedAt: string }, closed: readonly ClosedBanner[]): boolean {
  return closed.some((entry) => entry.id === banner.id && (entry.updatedAt === null || entry.updatedAt === banner.updatedAt));
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CLOSED_BANNERS_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** For useSyncExternalStore: the raw string is the snapshot (stable while unchanged). */
export const closedBannersStore = {
  subscribe(onChange: () => void) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CLOSED_BANNERS_STORAGE_KEY) onChange();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(CLOSED_BANNERS_CHANGE_EVENT, onChange);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CLOSED_BANNERS_CHANGE_EVENT, onChange);
    };
  },
  getSnapshot: readRaw,
  // The server cannot know what a visitor closed: it renders every banner.
  getServerSnapshot: (): string | null => null,
};

export function closeBanner(banner: { id: number; updatedAt: string }): void {
  const closed = parseClosedBanners(readRaw()).filter((entry) => entry.id !== banner.id);
  closed.push({ id: banner.id, updatedAt: banner.updatedAt });
  try {
    window.localStorage.setItem(CLOSED_BANNERS_STORAGE_KEY, JSON.stringify(closed));
  } catch {
    // Storage full or blocked (private mode): the banner closes for this page view only.
  }
  window.dispatchEvent(new Event(CLOSED_BANNERS_CHANGE_EVENT));
}
