/**
 * Two-step sign-in (issue 36 §5; decision 0053): `POST /api/auth/signin/second-factor`, the signed-in person's own
 * factor under `/api/auth/second-factor`, and for owners and admins `POST /api/users/{id}/reset-second-factor`.
 * Thin: schema, permission and rate limit here; the rules in second-factor.ts and sign-in.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserIdParamsSchema } from '../../../shared/schemas/accounts.ts';
import {
  ConfirmEnrolmentSchema,
  EnrolmentResponseSchema,
  RecoveryCodesResponseSchema,
  ResetSecondFactorResponseSchema,
  SecondFactorProofSchema,
  SecondFactorSignInSchema,
  SecondFactorStatusSchema,
  SignInSessionResponseSchema,
} from '../../../shared/schemas/second-factor.ts';
import { NoFieldsSchema } from '../../../shared/schemas/sessions.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext, userContext } from '../../plugins/auth.ts';
import {
  confirmEnrolment,
  disableSecondFactor,
  regenerateRecoveryCodes,
  resetSecondFactor,
  secondFactorStatus,
  startEnrolment,
} from './second-factor.ts';
import { signInSecondFactor } from './sign-in.ts';
import { AUTH_TAGS, signInRoutesKit } from './sign-in-routes-kit.ts';

export async function secondFactorRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  // Every route but the status checks a code, a password or a challenge: the auth limit.
  const { route, ownRoute, config, passkeyContext, deps, backOff } = signInRoutesKit(app);

  app.post(
    '/api/auth/signin/second-factor',
    route({
      summary: 'Sign in: the second step',
      description:
        'For an account with two-step sign-in, `POST /api/auth/signin` answers `{ secondFactorRequired: true, ' +
        'challenge, expiresInSeconds }` instead of a session. Send the challenge here with `code` (6 digits from ' +
        'the authenticator app), `recoveryCode`, or `passkey` (a WebAuthn assertion for the options of ' +
        '`POST /api/auth/signin/passkey/options` with the same challenge); the answer is the session, exactly as `POST /api/auth/signin` ' +
        'gives it. A wrong code answers 401 `Invalid email or password` like a wrong password and counts toward ' +
        'the same back-off (429); the challenge stays usable for another try. A code works once; a recovery code ' +
        'once. The challenge works once and for 5 minutes, then 401. It is never a bearer token.',
      body: SecondFactorSignInSchema,
      response: { 200: SignInSessionResponseSchema, ...errorResponses(400, 401, 403, 429) },
    }),
    async (request) => signInSecondFactor(services, deps, passkeyContext(request)),
  );

  app.get(
    '/api/auth/second-factor',
    {
      schema: {
        tags: AUTH_TAGS,
        summary: 'My two-step sign-in',
        description:
          'Whether the account has an authenticator app enrolled, since when, and how many unused recovery codes ' +
          'it has. `required`: REQUIRE_STAFF_MFA holds for this account (a staff role), so back-office APIs answer ' +
          '403 until it enrols. Signed-in users only.',
        security: USER_SECURITY,
        response: { 200: SecondFactorStatusSchema, ...errorResponses(401, 429) },
      },
      onRequest: app.requireUser,
    },
    async (request) => secondFactorStatus(services, userContext(request).userId),
  );

  app.post(
    '/api/auth/second-factor/enrol',
    ownRoute({
      summary: 'Start setting up an authenticator app',
      description:
        'A new secret, as a QR code (an SVG data: URL) and as Base32 text to type, and its `otpauth://` link. ' +
        'Nothing changes at sign-in until `POST /api/auth/second-factor/confirm` proves a code of it; starting ' +
        'again replaces the secret. The secret is never shown again after confirmation. 409 when two-step ' +
        'sign-in is already on.',
      body: NoFieldsSchema,
      response: { 200: EnrolmentResponseSchema, ...errorResponses(400, 401, 409, 429) },
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return startEnrolment(services, userContext(request));
    },
  );

  app.post(
    '/api/auth/second-factor/confirm',
    ownRoute({
      summary: 'Turn on two-step sign-in',
      description:
        'Checks a code of the secret from `POST /api/auth/second-factor/enrol`; from now on sign-in asks for a ' +
        'code. Answers ten recovery codes, shown this once (only their hashes are kept). Audited as `user.mfa_enable`.',
      body: ConfirmEnrolmentSchema,
      response: { 200: RecoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return confirmEnrolment(services, { ...userContext(request), input: request.body });
    },
  );

  app.post(
    '/api/auth/second-factor/disable',
    ownRoute({
      summary: 'Turn off two-step sign-in',
      description:
        'Needs the account\'s `password` or a current `code`; a wrong one answers 400 and counts toward the ' +
        'sign-in back-off. Removes the authenticator secret and the recovery codes. Audited as `user.mfa_disable`.',
      body: SecondFactorProofSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 409, 429) },
    }),
    async (request, reply) => {
      await disableSecondFactor(services, backOff, { ...userContext(request), input: request.body });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/second-factor/recovery-codes',
    ownRoute({
      summary: 'New recovery codes',
      description:
        'Ten new recovery codes, shown this once; every earlier one stops working. Needs the account\'s ' +
        '`password` or a current `code`, as turning off does. Audited as `user.mfa_recovery_codes_regenerate`.',
      body: SecondFactorProofSchema,
      response: { 200: RecoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return regenerateRecoveryCodes(services, backOff, { ...userContext(request), input: request.body });
    },
  );

  app.post(
    '/api/users/:id/reset-second-factor',
    {
      config,
      schema: {
        tags: ['users'],
        summary: "Reset a user's two-step sign-in",
        description:
          'Owners and admins: removes the person\'s authenticator secret, recovery codes and passkeys (a lost phone), so they ' +
          'sign in with the password alone and can enrol again. Only owners reset an owner. `reset` is false when ' +
          'there was no factor. Audited as `user.mfa_reset`.',
        security: USER_SECURITY,
        params: UserIdParamsSchema,
        response: { 200: ResetSecondFactorResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      onRequest: app.requirePermission('users.manage'),
    },
    async (request) => resetSecondFactor(services, { ...requestContext(request), input: request.params }),
  );
}
