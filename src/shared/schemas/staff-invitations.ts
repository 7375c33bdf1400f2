/**
 * Staff invitations (issue 36 §4; decision 0056): an owner or admin invites an e-mail address with a staff role; the
 * invitee opens the e-mailed link, sets a password (the sign-up rules) and is signed in with that role. One schema per
 * request, used by the routes, the forms and the fetchers. Not the public "invite a friend" (schemas/invitations.ts).
 */
import { z } from 'zod';
import { STAFF_ROLES, type Role } from '../permissions.ts';
import { CredentialsSchema, PASSWORDS_DO_NOT_MATCH_MESSAGE, ResetPasswordSchema } from './accounts.ts';
import { SignInSessionResponseSchema } from './second-factor.ts';
import { safeString } from './text.ts';

/** Hours an invitation link stays valid. */
export const STAFF_INVITATION_TTL_HOURS = 72;

export const STAFF_INVITATION_ROLE_MESSAGE = 'Choose a staff role';
export const ACCOUNT_EXISTS_MESSAGE =
  'This address already has an account. Change its role on the Users screen instead of inviting it.';
export const STAFF_INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found';
/** What the accept page says for each kind of dead link: a clear page, never a crash. */
/** Also a revoked invitation, or one replaced by a newer one: its row is gone. */
export const INVITATION_LINK_UNKNOWN_MESSAGE =
  'This invitation link is not valid: it may have been revoked or replaced by a newer invitation. Open the link in the latest e-mail, or ask for a new one.';
export const INVITATION_LINK_EXPIRED_MESSAGE = 'This invitation has expired. Ask whoever invited you to send a new one.';
export const INVITATION_LINK_USED_MESSAGE = 'This invitation has already been used. Sign in with the password you chose.';

const staffRole = z.enum(STAFF_ROLES as [Role, ...Role[]], { error: STAFF_INVITATION_ROLE_MESSAGE });

/** `POST /api/staff-invitations`. The role must also be one the caller may give (canAssignRole): checked by the service. */
export const CreateStaffInvitationSchema = z.strictObject({
  email: CredentialsSchema.shape.email,
  role: staffRole,
});
export type CreateStaffInvitation = z.infer<typeof CreateStaffInvitationSchema>;

/** A pending invitation as the Users screen lists it: never the token. */
export const StaffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES as [Role, ...Role[]]),
  /** The inviter's e-mail, or null when that account has since been removed. */
  invitedBy: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  expiresAt: z.string().describe('ISO 8601'),
  isExpired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

export const StaffInvitationListSchema = z.object({ invitations: z.array(StaffInvitationSchema) });
export type StaffInvitationList = z.infer<typeof StaffInvitationListSchema>;

export const StaffInvitationIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive('Invitation id must be a positive number').max(2_147_483_647, 'Invitation id is too large'),
});

/** The link's token travels in a body, never a URL the API's request log would keep. */
const token = ResetPasswordSchema.shape.token;

/** `POST /api/staff-invitations/lookup`: what the accept page shows before a password is chosen. */
export const StaffInvitationLookupSchema = z.strictObject({ token });
export const StaffInvitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES as [Role, ...Role[]]),
  invitedBy: z.string().nullable(),
  expiresAt: z.string().describe('ISO 8601'),
});
export type StaffInvitationPreview = z.infer<typeof StaffInvitationPreviewSchema>;

/** `POST /api/staff-invitations/accept`: the sign-up password rules (accounts.ts), once. */
export const AcceptStaffInvitationSchema = z.strictObject({ token, password: ResetPasswordSchema.shape.password });
export type AcceptStaffInvitation = z.infer<typeof AcceptStaffInvitationSchema>;
/**
 * Accepting signs the invitee in: the session answer of sign-in, `secondFactorSetupRequired` included — a new staff
 * account has no second factor, so with REQUIRE_STAFF_MFA it is sent to set one up (decision 0053).
 */
export const AcceptStaffInvitationResponseSchema = SignInSessionResponseSchema;
export type AcceptStaffInvitationResponse = z.infer<typeof AcceptStaffInvitationResponseSchema>;

/** The accept page's form: the password twice. */
export const AcceptStaffInvitationFormSchema = z
  .strictObject({ password: ResetPasswordSchema.shape.password, confirmPassword: safeString('Password') })
  .refine((value) => value.password === value.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH_MESSAGE, path: ['confirmPassword'] });
export type AcceptStaffInvitationForm = z.infer<typeof AcceptStaffInvitationFormSchema>;
