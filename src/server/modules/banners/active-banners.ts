/**
 * The active banners in memory (spec §3, §4): the public strip's `GET /api/banners/active` and the pages' loaders are
 * answered from here (docs/architecture.md §8 budget: no database round trip per request). Owned by the banners
 * module's plugin (index.ts), which reloads it when another instance announces a change; this instance's writes
 * reload it before they answer (service.ts).
 *
 * It holds every active banner, refreshed at once after a change made through this instance and at most `maxAgeMs`
 * later for changes made by another instance (served stale while it re-reads). The start/end window is applied per
 * request, so a banner appears and disappears on time without any write.
 */
import { asc, eq } from 'drizzle-orm';
import { type ActiveBanner, isBannerLive } from '../../../shared/schemas/banners.ts';
import type { Database } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';
import { etagOf } from '../../lib/http-cache.ts';
import { toBanner } from './banner-row.ts';

export interface ActiveBannersResponse {
  banners: ActiveBanner[];
  body: string;
  etag: string;
}

export class ActiveBanners {
  private active: ActiveBanner[] | null = null;
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly bodies = new Map<string, ActiveBannersResponse>();
  private answered: { response: ActiveBannersResponse; until: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: {
      maxAgeMs?: number;
      now?: () => number;
      onError?: (error: unknown) => void;
    } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Banners live now, in display order, with a ready JSON body and its ETag. */
  async current(): Promise<ActiveBannersResponse> {
    if (!this.active) await this.reload();
    return this.answer();
  }

  /**
   * The same answer without waiting, or null until the banners are first loaded: the public strip's poll is answered
   * from here before Fastify's request lifecycle (hot-read.ts).
   */
  currentIfLoaded(): ActiveBannersResponse | null {
    return this.active ? this.answer() : null;
  }

  private answer(): ActiveBannersResponse {
    const now = this.now();
    if (now - this.loadedAt > (this.options.maxAgeMs ?? 10_000)) {
      // Stale: answer from memory now and re-read in the background (other instances' changes).
      void this.reload().catch((error: unknown) => this.options.onError?.(error));
    }
    // The last answer holds until the next start or end date among the banners (or a reload): nothing is computed
    // per poll in between.
    if (this.answered && now < this.answered.until) return this.answered.response;
    const active = this.active ?? [];
    const live = active.filter((banner) => isBannerLive(banner, now));
    const key = live.map((banner) => `${banner.id}@${banner.updatedAt}`).join(',');
    let response = this.bodies.get(key);
    if (!response) {
      const body = JSON.stringify(live);
      response = { banners: live, body, etag: etagOf(body, 'b') };
      if (this.bodies.size >= 32) this.bodies.clear();
      this.bodies.set(key, response);
    }
    this.answered = { response, until: nextChange(active, now) };
    return response;
  }

  /** Re-reads the active banners (one query at a time; concurrent callers share it). */
  reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.db
          .select()
          .from(banners)
          .where(eq(banners.isActive, true))
          .orderBy(asc(banners.displayOrder), asc(banners.id));
        this.active = rows.map((row) => toActiveBanner(toBanner(row)));
        this.loadedAt = this.now();
        this.bodies.clear();
        this.answered = null;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}

/** The first start or end date after `now` (when the live set can change next), or Infinity. */
function nextChange(banners: ActiveBanner[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const { startDate, endDate } of banners) {
    for (const date of [startDate, endDate]) {
      const at = date ? Date.parse(date) : Number.NaN;
      if (at > now && at < next) next = at;
    }
  }
  return next;
}

function toActiveBanner(banner: ReturnType<typeof toBanner>): ActiveBanner {
  const { id, title, message, type, backgroundColor, textColor, isCloseable, displayOrder, startDate, endDate, updatedAt } = banner;
  return { id, title, message, type, backgroundColor, textColor, isCloseable, displayOrder, startDate, endDate, updatedAt };
}
