/** Build GUID management: the rules and queries behind `/api/build-guids` (every change is audited by the routes). */
import { asc, eq } from 'drizzle-orm';
import type { BuildGuid, BuildGuidInput } from '../../../shared/schemas/build-guids.ts';
import type { Database } from '../../db/client.ts';
import { buildGuids } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';

type BuildGuidRow = typeof buildGuids.$inferSelect;

export const BUILD_GUID_NOT_FOUND = 'Build GUID not found';

export function toBuildGuid(row: BuildGuidRow): BuildGuid {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** PostgreSQL's unique_violation, whether the driver's error arrives bare or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const duplicateName = (name: string) => conflict(`A build GUID named "${name}" already exists`);

export async function listBuildGuids(db: Database): Promise<BuildGuid[]> {
  const rows = await db.select().from(buildGuids).orderBy(asc(buildGuids.id));
  return rows.map(toBuildGuid);
}

export async function createBuildGuid(db: Database, input: BuildGuidInput): Promise<BuildGuid> {
  try {
    const [row] = await db.insert(buildGuids).values({ name: input.name, value: input.value }).returning();
    return toBuildGuid(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

export async function updateBuildGuid(db: Database, id: number, input: BuildGuidInput): Promise<{ before: BuildGuid; after: BuildGuid }> {
  const [existing] = await db.select().from(buildGuids).where(eq(buildGuids.id, id));
  if (!existing) throw notFound(BUILD_GUID_NOT_FOUND);
  try {
    const [row] = await db
      .update(buildGuids)
      .set({ name: input.name, value: input.value, updatedAt: new Date() })
      .where(eq(buildGuids.id, id))
      .returning();
    if (!row) throw notFound(BUILD_GUID_NOT_FOUND);
    return { before: toBuildGuid(existing), after: toBuildGuid(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

export async function deleteBuildGuid(db: Database, id: number): Promise<BuildGuid> {
  const [row] = await db.delete(buildGuids).where(eq(buildGuids.id, id)).returning();
  if (!row) throw notFound(BUILD_GUID_NOT_FOUND);
  return toBuildGuid(row);
}
