/** API client management (DESIGN §5): ids and secrets are generated here; only a hash of the secret is stored. */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { ApiClient, CreateClient, CreatedClient, UpdateClient } from '../../../shared/schemas/clients.ts';
import type { Database } from '../../db/client.ts';
import { apiClients } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';

type ClientRow = typeof apiClients.$inferSelect;

export const CLIENT_NOT_FOUND = 'API client not found';

function toApiClient(row: ClientRow): ApiClient {
  return {
    id: row.clientId,
    clientId: row.clientId,
    name: row.name,
    isAdmin: row.isAdmin,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Not secret, but unguessable enough that ids do not reveal how many clients exist. */
function generateClientId(): string {
  return `jc_${randomBytes(12).toString('hex')}`;
}

export async function listClients(db: Database): Promise<ApiClient[]> {
  const rows = await db.select().from(apiClients).orderBy(asc(apiClients.createdAt), asc(apiClients.clientId));
  return rows.map(toApiClient);
}

export async function createClient(db: Database, input: CreateClient, createdBy: number | null): Promise<CreatedClient> {
  const secret = generateToken();
  const [row] = await db
    .insert(apiClients)
    .values({
      clientId: generateClientId(),
      name: input.name || null,
      secretHash: hashSecret(secret),
      isAdmin: input.isAdmin ?? false,
      createdBy,
    })
    .returning();
  return { id: row!.clientId, clientId: row!.clientId, secret, isAdmin: row!.isAdmin, name: row!.name };
}

export async function updateClient(db: Database, clientId: string, input: UpdateClient): Promise<ApiClient> {
  const changes: Partial<Pick<ClientRow, 'name' | 'isAdmin'>> = {};
  if (input.name !== undefined) changes.name = input.name || null;
  if (input.isAdmin !== undefined) changes.isAdmin = input.isAdmin;
  const [row] = await db.update(apiClients).set(changes).where(eq(apiClients.clientId, clientId)).returning();
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return toApiClient(row);
}

export async function deleteClient(db: Database, clientId: string): Promise<ApiClient> {
  const [row] = await db.delete(apiClients).where(eq(apiClients.clientId, clientId)).returning();
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return toApiClient(row);
}
