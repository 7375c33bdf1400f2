/**
 * What every route's schema shares for the OpenAPI document at /docs: the one error response shape, and the
 * security requirements of docs/architecture.md §5. Only the schemes the OpenAPI plugin declares can be named here
 * (@fastify/swagger resolves them while building the document). A route without `security` is documented as
 * public, or as taking an optional bearer when it identifies its caller (modules/api-docs/openapi.ts).
 */
import { z } from 'zod';

/** A field error in a 400's `details`: the field as sent (dotted for nested ones) and what is wrong with it. */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/**
 * The one error shape of the API (issue 25). Loose at run time, so that a route that adds a key to an error
 * (`Retry-After` texts, the tester's `success: false`) is not turned into a 500 by the serializer.
 */
export const ErrorResponseSchema = z
  .looseObject({ error: z.string(), details: z.array(FieldErrorSchema).optional() })
  .meta({ id: 'ErrorResponse', description: '`{ "error": "human text" }`, plus `details: [{ field, message }]` for field errors' });

/** The longest path parameter any route documents (`maxLength`): slugs and ids. The router is sized for it (app.ts). */
export const MAX_PATH_PARAM_LENGTH = 200;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** `{ 400: ErrorResponseSchema, 401: … }` for a route's `response`. */
export function errorResponses<Status extends ErrorStatus>(...statuses: Status[]): Record<Status, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<Status, typeof ErrorResponseSchema>;
}

type SecurityRequirements = Array<Record<string, string[]>>;

/** A signed-in user's bearer token (JWT). */
export const USER_SECURITY: SecurityRequirements = [{ bearerAuth: [] }];
/** The credentials that let a caller manage build GUIDs and clients or read every jot: an admin user or an admin client (either header pair). */
export const ADMIN_SECURITY: SecurityRequirements = [{ bearerAuth: [] }, { clientId: [], clientSecret: [] }, { adminClientId: [], adminClientSecret: [] }];
/** Credentials that identify an API client (its own jots) or an admin. */
export const CLIENT_SECURITY: SecurityRequirements = [{ clientId: [], clientSecret: [] }, { bearerAuth: [] }];
/** Anyone; a signed-in admin's bearer token changes the answer (drafts, every record, admin figures). */
export const OPTIONAL_USER_SECURITY: SecurityRequirements = [{}, { bearerAuth: [] }];
/** Anyone, no credentials. */
export const PUBLIC_SECURITY: SecurityRequirements = [];

/** A route description followed by the note on the admin headers (they are the `adminClientId` scheme too). */
export const withAdminHeadersNote = (description: string) =>
  description + ' Admin clients may also send their credentials as `X-Admin-Client-Id` / `X-Admin-Client-Secret`.';
