/**
 * Two-step sign-in (issue 36 §5; decision 0053): a TOTP authenticator app (RFC 6238: SHA-1, 30 s, 6 digits) and ten
 * single-use recovery codes. One schema per request, used by the routes, the forms and the fetchers.
 */
import { z } from 'zod';
import { AuthUserSchema } from './auth.ts';
import { AuthenticationResponseSchema } from './passkeys.ts';
import { safeString } from './text.ts';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in challenge lives this long: the time to find the phone and type a code. */
export const SIGN_IN_CHALLENGE_TTL_SECONDS = 5 * 60;

export const CODE_INVALID_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_INVALID_MESSAGE = 'Enter one of your recovery codes, such as abcde-12345';
/** A challenge unknown, used or older than 5 minutes: the password step again. */
export const SIGN_IN_CHALLENGE_EXPIRED_MESSAGE = 'Your sign-in has expired. Please enter your password again.';
/** REQUIRE_STAFF_MFA: what every back-office API answers staff without a second factor. */
export const STAFF_SECOND_FACTOR_REQUIRED_MESSAGE = 'Set up two-step sign-in before using the back-office.';
export const SECOND_FACTOR_ALREADY_ON_MESSAGE = 'Two-step sign-in is already on for this account.';
export const SECOND_FACTOR_NOT_ON_MESSAGE = 'Two-step sign-in is not on for this account.';
export const ENROLMENT_NOT_STARTED_MESSAGE = 'Start setting up two-step sign-in first.';
export const ENROLMENT_CODE_WRONG_MESSAGE = 'That code is not right. Check the time on your phone and type the newest code.';
export const PROOF_WRONG_MESSAGE = 'That password or code is not right.';

/** Six digits; spaces a person may type between groups are dropped. */
export const TotpCodeSchema = safeString('Code', { error: CODE_INVALID_MESSAGE })
  .max(20, CODE_INVALID_MESSAGE)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_INVALID_MESSAGE));

/** Ten characters of a–z and 2–9 shown as `abcde-23456`; case, spaces and dashes do not matter when typed. */
export const RecoveryCodeSchema = safeString('Recovery code', { error: RECOVERY_CODE_INVALID_MESSAGE })
  .max(40, RECOVERY_CODE_INVALID_MESSAGE)
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-9]{10}$/, RECOVERY_CODE_INVALID_MESSAGE));

const challenge = safeString('Challenge', { error: SIGN_IN_CHALLENGE_EXPIRED_MESSAGE }).min(1, SIGN_IN_CHALLENGE_EXPIRED_MESSAGE).max(100, SIGN_IN_CHALLENGE_EXPIRED_MESSAGE);

/**
 * Exactly one proof, as one strict object rather than a union: a union's 400 names no field ("Invalid input"),
 * where this one names an unknown field, as every other body does, and says which proof is missing.
 */
function exactlyOneOf<Key extends string>(keys: Key[], message: string) {
  return (body: Partial<Record<Key, unknown>>, context: z.RefinementCtx) => {
    if (keys.filter((key) => body[key] !== undefined).length !== 1) context.addIssue({ code: 'custom', message, path: [keys[0]!] });
  };
}

/**
 * `POST /api/auth/signin/second-factor`: the challenge from the password step and a code, a recovery code, or a
 * passkey's assertion (decision 0057; its options from `POST /api/auth/signin/passkey/options`).
 */
export const SecondFactorSignInSchema = z
  .strictObject({
    challenge,
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
    passkey: AuthenticationResponseSchema.optional(),
  })
  .superRefine(exactlyOneOf(['code', 'recoveryCode', 'passkey'], 'Send a code, a recovery code or a passkey'))
  .transform(({ challenge, code, recoveryCode, passkey }) =>
    passkey !== undefined ? { challenge, passkey } : recoveryCode !== undefined ? { challenge, recoveryCode } : { challenge, code: code! },
  );
export type SecondFactorSignInRequest = z.input<typeof SecondFactorSignInSchema>;

/** The answer of the password step for an account with a second factor: no session yet. */
export const SignInChallengeResponseSchema = z.object({
  secondFactorRequired: z.literal(true),
  /** Single use, for `POST /api/auth/signin/second-factor` only; never a bearer token. */
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
  /** What the account can answer with: `totp` (an app code, or a recovery code), `passkey` (decision 0057). */
  methods: z.array(z.enum(['totp', 'passkey'])),
});
export type SignInChallengeResponse = z.infer<typeof SignInChallengeResponseSchema>;

/** A signed-in session, as `POST /api/auth/signin` answers an account without a second factor. */
export const SignInSessionResponseSchema = z.object({
  token: z.string(),
  user: AuthUserSchema,
  /** Only with REQUIRE_STAFF_MFA, for staff without a second factor: enrol before using the back-office. */
  secondFactorSetupRequired: z.literal(true).optional(),
});
export type SignInSessionResponse = z.infer<typeof SignInSessionResponseSchema>;

/** `GET /api/auth/second-factor`. */
export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable().describe('ISO 8601'),
  recoveryCodesLeft: z.number().int(),
  /** REQUIRE_STAFF_MFA holds for this account: the back-office waits for enrolment. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** `POST /api/auth/second-factor/enrol`: the new secret, as a QR code and as text to type; shown only until confirmed. */
export const EnrolmentResponseSchema = z.object({
  secret: z.string().describe('Base32'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('data:image/svg+xml;base64,…'),
});
export type EnrolmentResponse = z.infer<typeof EnrolmentResponseSchema>;

export const ConfirmEnrolmentSchema = z.strictObject({ code: TotpCodeSchema });
export type ConfirmEnrolmentRequest = z.input<typeof ConfirmEnrolmentSchema>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** Turning the factor off or replacing the recovery codes: the account's password, or a current code. */
export const SecondFactorProofSchema = z
  .strictObject({
    password: safeString('Password').min(1, 'Password is required').max(200, 'Password must be at most 200 characters long.').optional(),
    code: TotpCodeSchema.optional(),
  })
  .superRefine(exactlyOneOf(['password', 'code'], 'Send your password or a code'))
  .transform(({ password, code }) => (password === undefined ? { code: code! } : { password }));
export type SecondFactorProof = z.input<typeof SecondFactorProofSchema>;

export const ResetSecondFactorResponseSchema = z.object({ reset: z.boolean() });
export type ResetSecondFactorResponse = z.infer<typeof ResetSecondFactorResponseSchema>;
