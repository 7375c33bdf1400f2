import { z } from 'zod';
import { safeString } from './text.ts';

/**
 * API clients (spec §3 Client, docs/architecture.md §5): the server generates `clientId` and `secret`; the secret is shown once,
 * in the answer to the create call, and stored hashed. `id` is the `clientId` (the table's key).
 */
export const CLIENT_NAME_MAX = 100;

export const CreateClientSchema = z.object({
  name: safeString('Name').trim().max(CLIENT_NAME_MAX, `Name must be at most ${CLIENT_NAME_MAX} characters`).optional(),
  isAdmin: z.boolean().default(false),
});
export type CreateClient = z.input<typeof CreateClientSchema>;

export const UpdateClientSchema = z
  .object({
    name: safeString('Name').trim().max(CLIENT_NAME_MAX, `Name must be at most ${CLIENT_NAME_MAX} characters`).nullable().optional(),
    isAdmin: z.boolean().optional(),
  })
  .refine((value) => value.name !== undefined || value.isAdmin !== undefined, 'Nothing to change');
export type UpdateClient = z.infer<typeof UpdateClientSchema>;

export const ApiClientSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiClient = z.infer<typeof ApiClientSchema>;

/** The answer to `POST /api/clients`: the only time the secret is ever sent. */
export const CreatedClientSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  secret: z.string(),
  isAdmin: z.boolean(),
  name: z.string().nullable(),
});
export type CreatedClient = z.infer<typeof CreatedClientSchema>;

export const ClientIdParamsSchema = z.object({ id: safeString('Client id').min(1).max(200) });
