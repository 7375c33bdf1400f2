/**
 * What every route's schema shares for the OpenAPI document at /docs: the one error response shape, and the
 * security requirements of DESIGN §5. Only the schemes the OpenAPI plugin declares can be named here
 * (@fastify/swagger resolves them while building the document).
 */
import { z } from 'zod';

/** Loose, so that `details` (field errors) and anything the error handler adds is sent as it is. */
export const ErrorResponseSchema = z
  .looseObject({ error: z.string(), details: z.unknown().optional() })
  .describe('`{ "error": "human text" }`, plus `details` for field errors');

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** `{ 400: ErrorResponseSchema, 401: … }` for a route's `response`. */
export function errorResponses<Status extends ErrorStatus>(...statuses: Status[]): Record<Status, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<Status, typeof ErrorResponseSchema>;
}

type SecurityRequirements = Array<Record<string, string[]>>;

/** A signed-in user's bearer token (JWT). */
export const USER_SECURITY: SecurityRequirements = [{ bearerAuth: [] }];
/** The credentials that let a caller manage build GUIDs and clients or read every jot: an admin user or an admin client. */
export const ADMIN_SECURITY: SecurityRequirements = [{ bearerAuth: [] }, { clientId: [], clientSecret: [] }];
/** Credentials that identify an API client (its own jots) or an admin. */
export const CLIENT_SECURITY: SecurityRequirements = [{ clientId: [], clientSecret: [] }, { bearerAuth: [] }];

// The admin headers cannot be a security scheme of their own (see above), so the texts name them.
const ADMIN_HEADERS_NOTE = ' Admin clients may also send their credentials as `X-Admin-Client-Id` / `X-Admin-Client-Secret`.';

/** A route description followed by the note on the admin headers. */
export const withAdminHeadersNote = (description: string) => description + ADMIN_HEADERS_NOTE;
