/**
 * A banner row as the API answers it: read by the admin's service and by the active banners' in-memory list, which
 * both sit above it (neither imports the other for it).
 */
import type { Banner } from '../../../shared/schemas/banners.ts';
import type { banners } from '../../db/schema.ts';
import { apiRow } from '../../lib/api-row.ts';

type BannerRow = typeof banners.$inferSelect;

export function toBanner(row: BannerRow): Banner {
  return apiRow(row, ['id', 'title', 'message', 'type', 'backgroundColor', 'textColor', 'isActive', 'isCloseable', 'displayOrder', 'startDate', 'endDate', 'createdAt', 'updatedAt', 'createdBy']);
}
