/**
 * Site banners (spec §3, §4): the admin reads and writes, plain functions like every module's (decision 0036). A
 * committed write reloads this instance's active banners (active-banners.ts, the in-memory list the public strip
 * reads) before it answers, then is announced on the content events (page caches and the other instances follow).
 */
import { asc, eq } from 'drizzle-orm';
import { BANNER_TYPE_COLORS } from '../../../shared/constants.ts';
import {
  type Banner,
  bannerType,
  type CreateBannerSchema,
  END_BEFORE_START_ERROR,
  type UpdateBannerSchema,
} from '../../../shared/schemas/banners.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import type { ActiveBanners } from './active-banners.ts';
import { toBanner } from './banner-row.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';

type BannerRow = typeof banners.$inferSelect;
type CreateBannerInput = z.output<typeof CreateBannerSchema>;
type UpdateBannerInput = z.output<typeof UpdateBannerSchema>;

export const BANNER_NOT_FOUND = 'Banner not found';

/** What the writes need: the database, the content events, and this instance's active banners to reload. */
export interface BannerDependencies extends ContentWriteDeps {
  activeBanners: Pick<ActiveBanners, 'reload'>;
}

/** Every banner, for the admin screen: display order, then oldest first. */
export async function listBanners(db: Database): Promise<Banner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.displayOrder), asc(banners.id));
  return rows.map(toBanner);
}

/** After a committed write: this instance answers with it at once, then everyone else is told. */
async function announce({ activeBanners, events }: BannerDependencies): Promise<void> {
  await activeBanners.reload();
  events.emit('banners');
}

export async function createBanner(deps: BannerDependencies, { actor, meta, input }: RequestContext & { input: CreateBannerInput }): Promise<Banner> {
  const banner = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({ ...input, startDate: input.startDate ?? null, endDate: input.endDate ?? null, createdBy: actorUserId(actor) })
      .returning();
    await writeAudit(tx, { actor, meta }, { action: 'banner.create', entityId: row!.id });
    return toBanner(row!);
  });
  await announce(deps);
  return banner;
}

export async function updateBanner(
  deps: BannerDependencies,
  { actor, meta, input: { id, changes: input } }: RequestContext & { input: { id: number; changes: UpdateBannerInput } },
): Promise<Banner> {
  const [current] = await deps.db.select().from(banners).where(eq(banners.id, id));
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
  const banner = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(banners).set(changes).where(eq(banners.id, id)).returning();
    if (!row) throw notFound(BANNER_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'banner.update', entityId: id, details: { fields: Object.keys(input) }, change: { before: current, after: row } });
    return toBanner(row);
  });
  await announce(deps);
  return banner;
}

export async function deleteBanner(deps: BannerDependencies, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
    if (deleted.length === 0) throw notFound(BANNER_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'banner.delete', entityId: id });
  });
  await announce(deps);
}
