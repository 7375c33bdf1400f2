/**
 * Sign-in sessions (issue 36 item 6; decision 0051): what the Security page lists and ends. A session is one signed-in
 * device; its id names it (it proves nothing without the signed token around it).
 */
import { z } from 'zod';

/** 128 random bits, base64url. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const SESSION_ID_INVALID_MESSAGE = 'Session id is not valid';
/** Also the answer for another account's session: its existence is not revealed. */
export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';

export const SessionSchema = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the browser's User-Agent at sign-in; "Unknown device" when it told nothing useful. */
  device: z.string(),
  /** Two-letter country at sign-in, when known. */
  country: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  /** Updated at most once a minute. */
  lastSeenAt: z.string().describe('ISO 8601'),
  /** The session of the token that asked. */
  isCurrent: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/** `GET /api/auth/sessions`: the caller's live sessions, newest first. */
export const SessionListResponseSchema = z.object({ sessions: z.array(SessionSchema) });
export type SessionListResponse = z.infer<typeof SessionListResponseSchema>;

export const SessionIdParamsSchema = z.strictObject({
  id: z.string().length(22, SESSION_ID_INVALID_MESSAGE).regex(SESSION_ID_PATTERN, SESSION_ID_INVALID_MESSAGE),
});

/** `POST /api/auth/sessions/end-others` and `POST /api/auth/signout` take no fields: the body is `{}`. */
export const NoFieldsSchema = z.strictObject({});

/** How many sessions `POST /api/auth/sessions/end-others` ended. */
export const EndOtherSessionsResponseSchema = z.object({ ended: z.number().int() });
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponseSchema>;
