/**
 * Accounts (spec §2 sign-in screen, reset password, user management; §5 validation; §8 texts): one schema per
 * request, used by the Fastify route, the react-hook-form form and the fetcher's types.
 */
import { z } from 'zod';
import { LIST_LIMIT_MAX, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { ROLES } from '../permissions.ts';
import { SignInChallengeResponseSchema, SignInSessionResponseSchema } from './second-factor.ts';
import { safeString } from './text.ts';
import { pagingQuery } from './paging.ts';

/** Spec §5/§8: the captcha text, shown as a toast by the forms and sent by the server as a 400. */
export const CAPTCHA_REQUIRED_MESSAGE = 'Please complete the CAPTCHA verification';

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
/** Spec §5 / §8 (reset password), reused by every password field so the text is the same everywhere. */
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.';
const PASSWORD_TOO_LONG_MESSAGE = 'Password must be at most 200 characters long.';
// argon2 takes any length, but a cap keeps a megabyte "password" from costing hashing time.
const PASSWORD_MAX_LENGTH = 200;

/** Sign-in refusals (docs/architecture.md §5: a clear, distinct text for each case; one text for unknown e-mail and wrong password). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_NOT_CONFIRMED_MESSAGE =
  'Please confirm your email address before signing in. Check your inbox for the confirmation link.';
/** Issue 23 §7: after repeated failed sign-ins an address waits (exponentially longer) before the next try. */
export const SIGN_IN_BACKED_OFF_MESSAGE = 'Too many failed sign-ins for this email. Please wait a moment and try again.';
export const AWAITING_APPROVAL_MESSAGE = 'Your account is awaiting approval by an administrator.';
export const INVALID_CONFIRMATION_LINK_MESSAGE = 'This confirmation link is invalid or has expired.';
/** Spec §8 (reset password, missing token), also the server's answer for an unknown, used or expired token. */
export const INVALID_RESET_LINK_MESSAGE = 'Invalid or expired reset link. Please request a new password reset.';

const email = safeString('Email', { error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email(EMAIL_INVALID_MESSAGE));

const password = safeString('Password', { error: PASSWORD_REQUIRED_MESSAGE })
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** The solved ALTCHA payload (docs/architecture.md §5); the server checks it, the form checks only that there is one. */
const captcha = safeString(undefined, { error: CAPTCHA_REQUIRED_MESSAGE }).min(1, CAPTCHA_REQUIRED_MESSAGE).max(4096, CAPTCHA_REQUIRED_MESSAGE);

const token = safeString('The link', { error: 'The link is missing its token' }).trim().min(1, 'The link is missing its token').max(200);

// ---- sign-in screen ------------------------------------------------------------------------------------------

/** The sign-in screen's fields (spec §5); the captcha travels beside them and is checked before sending. */
export const CredentialsSchema = z.object({ email, password });
export type Credentials = z.infer<typeof CredentialsSchema>;

/** Reset mode hides the password (spec §2). */
export const EmailOnlySchema = z.object({ email });
export type EmailOnly = z.infer<typeof EmailOnlySchema>;

export const SignInSchema = CredentialsSchema.extend({ captcha });
export type SignInRequest = z.infer<typeof SignInSchema>;

export const SignUpSchema = CredentialsSchema.extend({ captcha });
export type SignUpRequest = z.infer<typeof SignUpSchema>;

export const ForgotPasswordSchema = EmailOnlySchema.extend({ captcha });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordSchema>;

/** Re-sending the confirmation e-mail needs no captcha: it only ever writes to the account's own address, once a minute. */
export const SendConfirmationEmailSchema = EmailOnlySchema;
export type SendConfirmationEmailRequest = z.infer<typeof SendConfirmationEmailSchema>;

/**
 * A session (unchanged for an account without a second factor: the spec's clients read `token` and `user`), or for
 * an account with one, a challenge for `POST /api/auth/signin/second-factor` (decision 0053).
 */
export const SignInResponseSchema = z.union([SignInSessionResponseSchema, SignInChallengeResponseSchema]);
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

// ---- e-mail confirmation and password reset ---------------------------------------------------------------

export const ConfirmEmailSchema = z.object({ token });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailSchema>;

export const ConfirmEmailResponseSchema = z.object({
  message: z.string(),
  /** True while an administrator still has to approve the account before its owner can sign in. */
  needsApproval: z.boolean(),
});
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponseSchema>;

export const ResetPasswordSchema = z.object({ token, password });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordSchema>;

/** The reset page's form (spec §2): new password twice. */
export const ResetPasswordFormSchema = z
  .object({
    password,
    confirmPassword: safeString('Password'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

// ---- changing the password (Security page, issue 36 item 6) --------------------------------------------------

/** A wrong current password: the same for every wrong guess, and guesses count toward the sign-in back-off. */
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Your current password is not right.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed. Every other device was signed out.';

const currentPassword = safeString('Current password', { error: PASSWORD_REQUIRED_MESSAGE })
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** `POST /api/auth/password`: the current password proves the person, the new one follows spec §5's rules. */
export const ChangePasswordSchema = z.strictObject({ currentPassword, password });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordSchema>;

/** The Security page's form: the new password twice. */
export const ChangePasswordFormSchema = z
  .object({ currentPassword, password, confirmPassword: safeString('Password') })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/**
 * The session that asked goes on with a new token (the old one, and every copy of it, stops working with the
 * old password); every other session has ended.
 */
export const ChangePasswordResponseSchema = z.object({
  token: z.string(),
  message: z.string(),
  /** How many other sessions ended. */
  endedSessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

// ---- user management (admin) ----------------------------------------------------------------------------

const username = safeString('Username', { error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[\w.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores');

/** Spec §3 User (stored), without the password: what the admin screens see. */
const roleField = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }).describe('Decision 0050: owner, admin, editor, author, support or user');

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean().describe('True for owners and admins (derived from `role`)'),
  role: z.enum(ROLES),
  isApproved: z.boolean(),
  emailConfirmed: z.boolean(),
  /** The list's rows only: whether there is anything for "Reset two-step sign-in" to take away. */
  hasSecondFactor: z.boolean().optional().describe('In `GET /api/users` only: a confirmed authenticator app or a passkey'),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type User = z.infer<typeof UserSchema>;

export const USER_STATUS_FILTERS = ['pending', 'approved'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export const ListUsersQuerySchema = z.object({
  search: safeString('Search').trim().max(254).optional().describe('Part of an e-mail address or username, any case'),
  status: z.enum(USER_STATUS_FILTERS).optional().describe('pending: not yet approved; approved: approved'),
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }).optional().describe('Only the users of this role (decision 0050)'),
  ...pagingQuery(LIST_LIMIT_MAX),
});
/** What the server reads, defaults applied. */
export type ListUsersParams = z.output<typeof ListUsersQuerySchema>;
/** What a client sends (every field optional). */
export type ListUsersQuery = Partial<ListUsersParams>;

export const ListUsersResponseSchema = z.object({
  users: z.array(UserSchema),
  total: z.number().int().describe('All users matching search, status and role, ignoring limit and offset'),
});
export type ListUsersResponse = z.infer<typeof ListUsersResponseSchema>;

/** Spec §2 Add User: username, email, password, isAdmin, isApproved. */
export const CreateUserSchema = z.object({
  username,
  email,
  password,
  isAdmin: z.boolean().default(false).describe('The spec\'s flag: true makes an admin, unless `role` says otherwise'),
  role: roleField.optional(),
  isApproved: z.boolean().default(false),
});
export type CreateUser = z.input<typeof CreateUserSchema>;

/** Spec §5: on edit an empty password keeps the current one (and the form sends it only if filled). */
export const UpdateUserSchema = z.object({
  username: username.optional(),
  email: email.optional(),
  password: z.union([z.literal(''), password]).optional(),
  isAdmin: z
    .boolean()
    .optional()
    .describe('The spec\'s flag: true makes a non-admin an admin, false makes an owner or admin a user; ignored when `role` is sent'),
  role: roleField.optional(),
  isApproved: z.boolean().optional(),
});
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

export const UserIdParamsSchema = z.object({ id: z.coerce.number().int().positive('User id must be a positive number') });

/**
 * `POST /api/users/{id}/unblock-sign-in` (issue 34 §8): whether the account's address had failed sign-ins on record
 * (and so a block, or a count toward one), now cleared.
 */
export const UnblockSignInResponseSchema = z.object({ unblocked: z.boolean(), message: z.string() });
export type UnblockSignInResponse = z.infer<typeof UnblockSignInResponseSchema>;

// ---- bulk actions (issue 10 §6) ---------------------------------------------------------------------------

export const USER_BULK_ACTIONS = ['approve', 'revoke', 'delete'] as const;
export const USER_BULK_MAX = 200;

export const UserBulkSchema = z.object({
  action: z.enum(USER_BULK_ACTIONS, { error: 'Action must be approve, revoke or delete' }),
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of user ids' })
    .min(1, 'Select at least one user')
    .max(USER_BULK_MAX, `At most ${USER_BULK_MAX} users at a time`),
});
export type UserBulkRequest = z.infer<typeof UserBulkSchema>;

export const UserBulkResponseSchema = z.object({
  /** Ids changed (or already in the asked state). */
  done: z.array(z.number().int()),
  /** Ids refused, with the reason (yourself, the last admin, not found). */
  failed: z.array(z.object({ id: z.number().int(), error: z.string() })),
});
export type UserBulkResponse = z.infer<typeof UserBulkResponseSchema>;
