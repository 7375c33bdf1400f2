/**
 * A banner row as the API answers it: read by the admin's service and by the active banners' in-memory list, which
 * both sit above it (neither imports the other for it).
 */
import type { Banner } from '../../../shared/schemas/banners.ts';
import type { banners } from '../../db/schema.ts';

type BannerRow = typeof banners.$inferSelect;

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
