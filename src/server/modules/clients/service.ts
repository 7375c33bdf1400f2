/**
 * API client management (docs/architecture.md §5): ids and secrets are generated here; only a hash of the secret is stored.
 * Every change is audited (never with the secret).
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { ApiClient, CreateClient, CreatedClient, UpdateClient } from '../../../shared/schemas/clients.ts';
import type { Database } from '../../db/client.ts';
import { apiClients } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { apiRow } from '../../lib/api-row.ts';

type ClientRow = typeof apiClients.$inferSelect;

export const CLIENT_NOT_FOUND = 'API client not found';

function toApiClient(row: ClientRow): ApiClient {
  return { id: row.clientId, ...apiRow(row, ['clientId', 'name', 'isAdmin', 'lastUsedAt', 'createdAt']) };
}

/** Not secret, but unguessable enough that ids do not reveal how many clients exist. */
function generateClientId(): string {
  return `jc_${randomBytes(12).toString('hex')}`;
}

export async function listClients(db: Database): Promise<ApiClient[]> {
  const rows = await db.select().from(apiClients).orderBy(asc(apiClients.createdAt), asc(apiClients.clientId));
  return rows.map(toApiClient);
}

export async function createClient(db: Database, { actor, meta, input }: RequestContext & { input: CreateClient }): Promise<CreatedClient> {
  const secret = generateToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiClients)
      .values({
        clientId: generateClientId(),
        name: input.name || null,
        secretHash: hashSecret(secret),
        isAdmin: input.isAdmin ?? false,
        createdBy: actorUserId(actor),
      })
      .returning();
    await writeAudit(tx, { actor, meta }, { action: 'client.create', entityId: row!.clientId, details: { name: row!.name, isAdmin: row!.isAdmin } });
    return { id: row!.clientId, clientId: row!.clientId, secret, isAdmin: row!.isAdmin, name: row!.name };
  });
}

export async function updateClient(
  db: Database,
  { actor, meta, input: { clientId, changes: input } }: RequestContext & { input: { clientId: string; changes: UpdateClient } },
): Promise<ApiClient> {
  const changes: Partial<Pick<ClientRow, 'name' | 'isAdmin'>> = {};
  if (input.name !== undefined) changes.name = input.name || null;
  if (input.isAdmin !== undefined) changes.isAdmin = input.isAdmin;
  return db.transaction(async (tx) => {
    const [row] = await tx.update(apiClients).set(changes).where(eq(apiClients.clientId, clientId)).returning();
    if (!row) throw notFound(CLIENT_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'client.update', entityId: row.clientId, details: { ...input } });
    return toApiClient(row);
  });
}

export async function deleteClient(db: Database, { actor, meta, input: { clientId } }: RequestContext & { input: { clientId: string } }): Promise<ApiClient> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(apiClients).where(eq(apiClients.clientId, clientId)).returning();
    if (!row) throw notFound(CLIENT_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'client.delete', entityId: row.clientId, details: { name: row.name } });
    return toApiClient(row);
  });
}
