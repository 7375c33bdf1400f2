/**
 * Build GUID management: the rules and queries behind `/api/build-guids`. Every change is audited (the audit names
 * what changed but never records a key value) and reloads this instance's keyring at once.
 */
import { asc, eq } from 'drizzle-orm';
import type { BuildGuid, BuildGuidInput } from '../../../shared/schemas/build-guids.ts';
import type { Database } from '../../db/client.ts';
import { buildGuids } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/sql.ts';
import type { RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import type { BuildGuidKeyring } from './keyring.ts';
import { apiRow } from '../../lib/api-row.ts';

type BuildGuidRow = typeof buildGuids.$inferSelect;

export interface BuildGuidDependencies {
  db: Database;
  keyring: Pick<BuildGuidKeyring, 'reload'>;
}

export const BUILD_GUID_NOT_FOUND = 'Build GUID not found';

export function toBuildGuid(row: BuildGuidRow): BuildGuid {
  return apiRow(row, ['id', 'name', 'value', 'createdAt', 'updatedAt']);
}

const duplicateName = (name: string) => conflict(`A build GUID named "${name}" already exists`);

export async function listBuildGuids(db: Database): Promise<BuildGuid[]> {
  const rows = await db.select().from(buildGuids).orderBy(asc(buildGuids.id));
  return rows.map(toBuildGuid);
}

export async function createBuildGuid(
  { db, keyring }: BuildGuidDependencies,
  { actor, meta, input }: RequestContext & { input: BuildGuidInput },
): Promise<BuildGuid> {
  const created = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(buildGuids).values({ name: input.name, value: input.value }).returning();
      await writeAudit(tx, { actor, meta }, { action: 'build_guid.create', entityId: row!.id, details: { name: row!.name } });
      return toBuildGuid(row!);
    })
    .catch((error: unknown) => {
      throw uniqueViolation(error) ? duplicateName(input.name) : error;
    });
  await keyring.reload();
  return created;
}

export async function updateBuildGuid(
  { db, keyring }: BuildGuidDependencies,
  { actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: BuildGuidInput } },
): Promise<BuildGuid> {
  const updated = await db
    .transaction(async (tx) => {
      const [existing] = await tx.select().from(buildGuids).where(eq(buildGuids.id, id)).for('update');
      if (!existing) throw notFound(BUILD_GUID_NOT_FOUND);
      const [row] = await tx
        .update(buildGuids)
        .set({ name: changes.name, value: changes.value, updatedAt: new Date() })
        .where(eq(buildGuids.id, id))
        .returning();
      await writeAudit(tx, { actor, meta }, {
        action: 'build_guid.update',
        entityId: id,
        details: { name: row!.name, previousName: existing.name, valueChanged: existing.value !== row!.value },
      });
      return toBuildGuid(row!);
    })
    .catch((error: unknown) => {
      throw uniqueViolation(error) ? duplicateName(changes.name) : error;
    });
  await keyring.reload();
  return updated;
}

export async function deleteBuildGuid(
  { db, keyring }: BuildGuidDependencies,
  { actor, meta, input: { id } }: RequestContext & { input: { id: number } },
): Promise<BuildGuid> {
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(buildGuids).where(eq(buildGuids.id, id)).returning();
    if (!row) throw notFound(BUILD_GUID_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'build_guid.delete', entityId: id, details: { name: row.name } });
    return toBuildGuid(row);
  });
  await keyring.reload();
  return deleted;
}
