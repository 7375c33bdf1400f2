/** Response schemas shared by the jot, build GUID and client routes, for validation-free documentation in OpenAPI. */
import { z } from 'zod';

export const ErrorSchema = z.looseObject({ error: z.string() }).describe('`{ "error": "human text" }`, plus `details` for field errors');

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** `{ 401: ErrorSchema, 403: ErrorSchema, … }` for a route's `response`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema])) as Record<S, typeof ErrorSchema>;
}

type SecurityRequirements = Array<Record<string, string[]>>;

/**
 * Only the schemes app.ts declares can be named here (@fastify/swagger resolves them while building the document);
 * the admin headers X-Admin-Client-Id / X-Admin-Client-Secret are described in the texts instead.
 */
const ADMIN_HEADERS_NOTE = ' Admin clients may also send their credentials as `X-Admin-Client-Id` / `X-Admin-Client-Secret`.';

/** The credentials that let a caller manage build GUIDs and clients or read every jot (DESIGN §5): an admin user or an admin client. */
export const ADMIN_SECURITY: SecurityRequirements = [{ bearerAuth: [] }, { clientId: [], clientSecret: [] }];
/** Credentials that identify an API client (its own jots) or an admin. */
export const CLIENT_SECURITY: SecurityRequirements = [{ clientId: [], clientSecret: [] }, { bearerAuth: [] }];

/** A route description followed by the note on the admin headers. */
export const withAdminHeadersNote = (description: string) => description + ADMIN_HEADERS_NOTE;
