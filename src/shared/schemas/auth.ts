import { z } from 'zod';
import { ROLES } from '../permissions.ts';

/** The signed-in user as the client sees it (spec §3: email, isAdmin). */
export const AuthUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** The user's role (decision 0050); `isAdmin` is true for owners and admins. */
  role: z.enum(ROLES),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const ValidateResponseSchema = z.object({ user: AuthUserSchema });
export type ValidateResponse = z.infer<typeof ValidateResponseSchema>;
