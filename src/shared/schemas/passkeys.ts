/**
 * Passkeys (issue 36; decision 0057): WebAuthn credentials registered from the Security page, used as a second
 * factor or to sign in without a password. The browser's JSON (as @simplewebauthn/browser produces it) is checked
 * strictly here, field by field: base64url text of bounded length, no other keys.
 */
import { z } from 'zod';
import { safeString } from './text.ts';

/** A WebAuthn challenge lives this long: the time to touch a security key or unlock a phone. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 2 * 60;
export const PASSKEY_NAME_MAX = 60;
/** Enough for any person's keys and phones; a bound on the options answer and the table. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;

export const PASSKEY_NOT_VERIFIED_MESSAGE = 'That passkey could not be checked. Please try again.';
export const PASSKEY_ALREADY_REGISTERED_MESSAGE = 'This passkey is already registered.';
export const PASSKEY_LIMIT_MESSAGE = `An account can have at most ${PASSKEYS_PER_ACCOUNT_MAX} passkeys. Remove one first.`;
export const PASSKEY_NOT_FOUND_MESSAGE = 'Passkey not found';
export const PASSKEYS_UNAVAILABLE_MESSAGE = 'Passkeys need the site’s public address (PUBLIC_URL) to be set.';

const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url`);

const extensionResults = z.record(z.string().max(40), z.unknown()).refine((value) => Object.keys(value).length <= 10 && JSON.stringify(value).length <= 1000, 'Too many extension results');
const attachment = z.enum(['platform', 'cross-platform']).optional();
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/**
 * A WebAuthn answer as @simplewebauthn/browser returns it: the credential's id (as `id` and `rawId`), its type, the
 * client data every answer carries, the ceremony's own `response` fields, and the extension results.
 */
const credentialAnswer = <Response extends z.ZodRawShape>(response: Response) =>
  z.strictObject({
    id: base64url('Credential id', 1400).min(1),
    rawId: base64url('Credential id', 1400).min(1),
    type: z.literal('public-key'),
    response: z.strictObject({ clientDataJSON: base64url('Client data', 4000), ...response }),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  });

/** `navigator.credentials.create()`'s answer (startRegistration). */
export const RegistrationResponseSchema = credentialAnswer({
  attestationObject: base64url('Attestation', 30_000),
  authenticatorData: base64url('Authenticator data', 10_000).optional(),
  transports: z.array(z.enum(TRANSPORTS)).max(10).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url('Public key', 10_000).optional(),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

/** `navigator.credentials.get()`'s answer (startAuthentication). */
export const AuthenticationResponseSchema = credentialAnswer({
  authenticatorData: base64url('Authenticator data', 4000),
  // ML-DSA (post-quantum) signatures run to about 4,600 bytes; ES256 to 72.
  signature: base64url('Signature', 10_000),
  userHandle: base64url('User handle', 200).optional(),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;

export const PasskeyNameSchema = safeString('Name', { error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters long.`);

/** `POST /api/auth/passkeys`: the browser's registration answer and the name the person gives the passkey. */
export const RegisterPasskeySchema = z.strictObject({ name: PasskeyNameSchema, response: RegistrationResponseSchema });
export type RegisterPasskeyRequest = z.input<typeof RegisterPasskeySchema>;

export const RenamePasskeySchema = z.strictObject({ name: PasskeyNameSchema });
export type RenamePasskeyRequest = z.input<typeof RenamePasskeySchema>;

export const PasskeyIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  lastUsedAt: z.string().nullable().describe('ISO 8601'),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/**
 * WebAuthn options JSON for `startRegistration` / `startAuthentication` (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON); passed to the browser as they are.
 */
export const PasskeyOptionsSchema = z.looseObject({ challenge: z.string() }).describe('WebAuthn options JSON');
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

/** `POST /api/auth/signin/passkey/options`: nothing for a passwordless sign-in, the password step's challenge for a second factor. */
export const PasskeySignInOptionsSchema = z.strictObject({ challenge: safeString('Challenge').min(1).max(100).optional() });

/** `POST /api/auth/signin/passkey`: a passwordless sign-in. */
export const PasskeySignInSchema = z.strictObject({ response: AuthenticationResponseSchema });
export type PasskeySignInRequest = z.input<typeof PasskeySignInSchema>;
