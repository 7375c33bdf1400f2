/**
 * `POST /api/auth/signup`, `POST /api/auth/signin`, `GET /api/auth/validate`, `POST /api/send-confirmation-email`,
 * `POST /api/auth/confirm`, `POST /api/auth/forgot-password`, `POST /api/auth/reset-password`, `POST /api/auth/password`
 * (docs/architecture.md §5),
 * and for admins `POST /api/users/{id}/unblock-sign-in` (here, beside the back-off it clears).
 * Thin: schema, rate limit and captcha here; the rules live in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordResponseSchema,
  ChangePasswordSchema,
  ConfirmEmailResponseSchema,
  ConfirmEmailSchema,
  ForgotPasswordSchema,
  MessageResponseSchema,
  ResetPasswordSchema,
  SendConfirmationEmailSchema,
  SignInResponseSchema,
  SignInSchema,
  SignUpSchema,
  UnblockSignInResponseSchema,
  UserIdParamsSchema,
} from '../../../shared/schemas/accounts.ts';
import { ValidateResponseSchema } from '../../../shared/schemas/auth.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { currentSessionId, requestContext, userContext } from '../../plugins/auth.ts';
import { assertCaptcha } from '../captcha/service.ts';
import { requestPasswordReset, resendConfirmation } from './account-mail.ts';
import {
  CONFIRMATION_SENT_MESSAGE,
  confirmEmail,
  PASSWORD_RESET_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  resetPassword,
  SIGN_UP_MESSAGE,
  signedInUser,
  signUp,
} from './service.ts';
import { changePassword } from './password-change.ts';
import { signIn } from './sign-in.ts';
import { AUTH_TAGS, signInRoutesKit } from './sign-in-routes-kit.ts';
import { unblockSignIn } from './unblock-sign-in.ts';

export async function authRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { backOff, deps, authContext, route, ownRoute } = signInRoutesKit(app);

  app.post(
    '/api/auth/signup',
    route({
      summary: 'Create an account',
      description:
        'Creates an unconfirmed account awaiting approval (approved at once with AUTO_APPROVE=true) and e-mails a ' +
        'confirmation link to `/confirm-email?token=…` (valid 24 hours). Needs a solved captcha. The answer is the ' +
        'same when the address already has an account (its owner gets an e-mail instead), so it reveals nothing.',
      body: SignUpSchema,
      response: { 201: MessageResponseSchema, ...errorResponses(400, 429) },
    }),
    async (request, reply) => {
      await assertCaptcha(app.captcha, request.body.captcha);
      await signUp(services, { ...authContext(request), input: request.body });
      return reply.status(201).send({ message: SIGN_UP_MESSAGE });
    },
  );

  app.post(
    '/api/auth/signin',
    route({
      summary: 'Sign in',
      description:
        'Returns a JWT (send it as `Authorization: Bearer …`; valid 7 days, ended early by signing out, by ending ' +
        'its session, by a password change or by revoked rights) and the user. Each sign-in is a session ' +
        '(`GET /api/auth/sessions`). 401 `Invalid email or password` for a wrong password or an unknown address ' +
        'alike; 403 with its own text when the e-mail is unconfirmed or the account awaits approval. Needs a captcha. ' +
        'After 3 failures in a row for one e-mail address (whether or not it has an account) each further try must ' +
        'wait 1 s, 2 s, 4 s … up to 15 min: 429 with Retry-After, no password checked. The owner is e-mailed after ' +
        '10 failures in a row. For an account with two-step sign-in (decision 0053) the right password answers ' +
        '`{ secondFactorRequired: true, challenge, expiresInSeconds, methods }` (`totp`, `passkey`) instead: send the challenge and a code to ' +
        '`POST /api/auth/signin/second-factor`. With REQUIRE_STAFF_MFA, staff without it get ' +
        '`secondFactorSetupRequired: true` beside the token.',
      body: SignInSchema,
      response: { 200: SignInResponseSchema, ...errorResponses(400, 401, 403, 429) },
    }),
    async (request) => {
      await assertCaptcha(app.captcha, request.body.captcha);
      return signIn(services, deps, { ...authContext(request), input: request.body });
    },
  );

  app.get(
    '/api/auth/validate',
    {
      // Not the auth limit: every page load of a signed-in visitor calls this, and a 429 here would sign them out.
      schema: {
        tags: AUTH_TAGS,
        summary: 'The signed-in user',
        description: 'The user of the bearer token, or 401 when the token is missing, invalid, expired or revoked.',
        security: USER_SECURITY,
        response: { 200: ValidateResponseSchema, ...errorResponses(401, 429) },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const actor = request.actor;
      if (actor?.kind !== 'user') throw new Error('requireUser let a non-user through');
      const user = await signedInUser(app.services.database.db, actor.userId);
      if (!user) throw unauthorized('Your session has expired. Please sign in again.');
      return { user };
    },
  );

  app.post(
    '/api/send-confirmation-email',
    route({
      summary: 'Send the confirmation e-mail again',
      description:
        'Sends a new confirmation link to an account that has not confirmed its address, at most once a minute per ' +
        'address. Always the same answer, whether or not the account exists. Sign-up already sends the first e-mail.',
      body: SendConfirmationEmailSchema,
      response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
    }),
    async (request) => {
      await resendConfirmation(services, request.body.email);
      return { message: CONFIRMATION_SENT_MESSAGE };
    },
  );

  app.post(
    '/api/auth/confirm',
    route({
      summary: 'Confirm an e-mail address',
      description:
        'Uses the token from the confirmation e-mail (once; it expires after 24 hours). `needsApproval` tells ' +
        'whether an administrator still has to approve the account before it can sign in.',
      body: ConfirmEmailSchema,
      response: { 200: ConfirmEmailResponseSchema, ...errorResponses(400, 429) },
    }),
    async (request) => confirmEmail(services, { ...authContext(request), input: { token: request.body.token } }),
  );

  app.post(
    '/api/auth/forgot-password',
    route({
      summary: 'Ask for a password reset e-mail',
      description:
        'E-mails a link to `/reset-password?token=…` (valid 1 hour, once) when the address has an account — at most ' +
        'one a minute. Always the same answer, whether or not the account exists. Needs a captcha.',
      body: ForgotPasswordSchema,
      response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
    }),
    async (request) => {
      await assertCaptcha(app.captcha, request.body.captcha);
      await requestPasswordReset(services, request.body.email);
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    route({
      summary: 'Choose a new password',
      description:
        'Sets the password with the token from the reset e-mail (once; it expires after 1 hour). Every existing ' +
        'session of the account ends. The token is the proof, so no captcha.',
      body: ResetPasswordSchema,
      response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
    }),
    async (request) => {
      await resetPassword(services, { ...authContext(request), input: request.body });
      return { message: PASSWORD_RESET_MESSAGE };
    },
  );

  app.post(
    '/api/auth/password',
    ownRoute({
      summary: 'Change my password',
      description:
        'Any signed-in user (401 for anyone else, API clients included) changes their own password with the ' +
        'current one (`currentPassword`) and a new one (`password`, at least 6 characters). A wrong current ' +
        'password answers 400 `Your current password is not right.` and counts toward the same per-address ' +
        'back-off as a failed sign-in (429 with Retry-After while it lasts). Every other session of the account ' +
        'ends at once, on every instance; the session that asks goes on with the new `token` in the answer (its ' +
        'old token stops working). Unused reset links stop working. The account is e-mailed ("Your JotIt password ' +
        'was changed"); audited as `user.password_change`, never with a password.',
      body: ChangePasswordSchema,
      response: { 200: ChangePasswordResponseSchema, ...errorResponses(400, 401, 429) },
    }),
    async (request) => {
      const sessionId = currentSessionId(request);
      if (!sessionId) throw unauthorized('Please sign in to continue');
      return changePassword(
        services,
        {
          backOff,
          renewToken: (tokenVersion) => app.renewSessionToken(request, tokenVersion),
          onFailure: (ipAddress) => app.captcha.noteFailedSignIn(ipAddress),
        },
        { ...userContext(request), country: app.locate(request).country, currentSessionId: sessionId, input: request.body },
      );
    },
  );

  app.post(
    '/api/users/:id/unblock-sign-in',
    {
      schema: {
        tags: ['users'],
        summary: "Lift a user's sign-in back-off",
        description:
          'Admins only. Clears the failed sign-ins on record for the account\'s e-mail address, and with them any ' +
          'block (429) on signing in: someone failing one attempt every 15 minutes keeps an address blocked, which ' +
          'its owner cannot wait out. `unblocked` is false when there was nothing on record. Audited as ' +
          '`user.sign_in_unblock` with the failure count and block before and after.',
        security: USER_SECURITY,
        params: UserIdParamsSchema,
        response: { 200: UnblockSignInResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      onRequest: app.requirePermission('users.manage'),
    },
    async (request) => unblockSignIn(services, backOff, { ...requestContext(request), input: request.params }),
  );
}
