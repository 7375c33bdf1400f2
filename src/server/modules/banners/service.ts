/**
 * Site banners (spec §3, §4). Admin reads and writes go to the database; the public strip's
 * `GET /api/banners/active` is answered from memory (docs/architecture.md §8 budget: no database round trip per request).
 *
 * The cache holds every active banner, refreshed at once after a change made through this instance and at most
 * `maxAgeMs` later for changes made by another instance (served stale while it re-reads). The start/end window is
 * applied per request, so a banner appears and disappears on time without any write.
 */
import { asc, eq } from 'drizzle-orm';
import { BANNER_TYPE_COLORS } from '../../../shared/constants.ts';
import {
  type ActiveBanner,
  type Banner,
  bannerType,
  type CreateBannerSchema,
  END_BEFORE_START_ERROR,
  isBannerLive,
  type UpdateBannerSchema,
} from '../../../shared/schemas/banners.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import { etagOf } from '../../lib/http-cache.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';

type BannerRow = typeof banners.$inferSelect;
type CreateBannerInput = z.output<typeof CreateBannerSchema>;
type UpdateBannerInput = z.output<typeof UpdateBannerSchema>;

export const BANNER_NOT_FOUND = 'Banner not found';

export function toBanner(row: BannerRow): Banner {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    backgroundColor: row.backgroundColor,
    textColor: row.textColor,
    isActive: row.isActive,
    isCloseable: row.isCloseable,
    displayOrder: row.displayOrder,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
  };
}

function toActiveBanner(banner: Banner): ActiveBanner {
  const { id, title, message, type, backgroundColor, textColor, isCloseable, displayOrder, startDate, endDate, updatedAt } = banner;
  return { id, title, message, type, backgroundColor, textColor, isCloseable, displayOrder, startDate, endDate, updatedAt };
}

export interface ActiveBannersResponse {
  banners: ActiveBanner[];
  body: string;
  etag: string;
}

export class BannerService {
  private active: ActiveBanner[] | null = null;
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly bodies = new Map<string, ActiveBannersResponse>();

  private readonly db: Database;

  constructor(
    /** Every committed write is announced on `events` (content events: page caches and other instances follow). */
    private readonly deps: ContentWriteDeps,
    private readonly options: {
      maxAgeMs?: number;
      now?: () => number;
      onError?: (error: unknown) => void;
    } = {},
  ) {
    this.db = deps.db;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Every banner, for the admin screen: display order, then oldest first. */
  async list(): Promise<Banner[]> {
    const rows = await this.db.select().from(banners).orderBy(asc(banners.displayOrder), asc(banners.id));
    return rows.map(toBanner);
  }

  async create({ actor, meta, input }: RequestContext & { input: CreateBannerInput }): Promise<Banner> {
    const banner = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(banners)
        .values({ ...input, startDate: input.startDate ?? null, endDate: input.endDate ?? null, createdBy: actorUserId(actor) })
        .returning();
      await writeAudit(tx, { actor, meta }, { action: 'banner.create', entityId: row!.id });
      return toBanner(row!);
    });
    await this.reload();
    this.deps.events.emit('banners');
    return banner;
  }

  async update({ actor, meta, input: { id, changes: input } }: RequestContext & { input: { id: number; changes: UpdateBannerInput } }): Promise<Banner> {
    const [current] = await this.db.select().from(banners).where(eq(banners.id, id));
    if (!current) throw notFound(BANNER_NOT_FOUND);
    const startDate = input.startDate === undefined ? current.startDate : input.startDate;
    const endDate = input.endDate === undefined ? current.endDate : input.endDate;
    if (startDate && endDate && endDate <= startDate) throw badRequest(END_BEFORE_START_ERROR);
    const changes: Partial<BannerRow> = { ...input, updatedAt: new Date() };
    // A banner still wearing its old type's colour follows a type change (spec §9: type colours when none set).
    if (input.type && input.backgroundColor === undefined) {
      const oldTypeColour = BANNER_TYPE_COLORS[bannerType(current.type)];
      if (current.backgroundColor.toLowerCase() === oldTypeColour) changes.backgroundColor = BANNER_TYPE_COLORS[input.type];
    }
    const banner = await this.db.transaction(async (tx) => {
      const [row] = await tx.update(banners).set(changes).where(eq(banners.id, id)).returning();
      if (!row) throw notFound(BANNER_NOT_FOUND);
      await writeAudit(tx, { actor, meta }, { action: 'banner.update', entityId: id, details: { fields: Object.keys(input) }, change: { before: current, after: row } });
      return toBanner(row);
    });
    await this.reload();
    this.deps.events.emit('banners');
    return banner;
  }

  async remove({ actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
      if (deleted.length === 0) throw notFound(BANNER_NOT_FOUND);
      await writeAudit(tx, { actor, meta }, { action: 'banner.delete', entityId: id });
    });
    await this.reload();
    this.deps.events.emit('banners');
  }

  /** Banners live now, in display order, with a ready JSON body and its ETag. */
  async activeBanners(): Promise<ActiveBannersResponse> {
    if (!this.active) await this.reload();
    else if (this.now() - this.loadedAt > (this.options.maxAgeMs ?? 10_000)) {
      // Stale: answer from memory now and re-read in the background (other instances' changes).
      void this.reload().catch((error: unknown) => this.options.onError?.(error));
    }
    const now = this.now();
    const live = (this.active ?? []).filter((banner) => isBannerLive(banner, now));
    const key = live.map((banner) => `${banner.id}@${banner.updatedAt}`).join(',');
    let response = this.bodies.get(key);
    if (!response) {
      const body = JSON.stringify(live);
      response = { banners: live, body, etag: etagOf(body, 'b') };
      if (this.bodies.size >= 32) this.bodies.clear();
      this.bodies.set(key, response);
    }
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
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}
