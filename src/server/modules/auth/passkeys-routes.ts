/**
 * Passkeys (issue 36; decision 0057): the signed-in person's passkeys under `/api/auth/passkeys`, and the
 * passwordless sign-in under `/api/auth/signin/passkey`. Thin: schema, permission and rate limit here; the rules in
 * passkeys.ts and sign-in.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasskeyIdParamsSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  PasskeySignInOptionsSchema,
  PasskeySignInSchema,
  RegisterPasskeySchema,
  RenamePasskeySchema,
} from '../../../shared/schemas/passkeys.ts';
import { SIGN_IN_CHALLENGE_EXPIRED_MESSAGE, SignInSessionResponseSchema } from '../../../shared/schemas/second-factor.ts';
import { NoFieldsSchema } from '../../../shared/schemas/sessions.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { userContext } from '../../plugins/auth.ts';
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyFor,
  removePasskey,
  renamePasskey,
  requireRelyingParty,
} from './passkeys.ts';
import { challengeUser } from './second-factor.ts';
import { signInWithPasskey } from './sign-in.ts';
import { AUTH_TAGS, signInRoutesKit } from './sign-in-routes-kit.ts';

export async function passkeyRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  // Every route but the list makes a challenge or checks a signature: the auth limit.
  const { route, ownRoute, passkeyContext, deps } = signInRoutesKit(app);
  const relyingParty = (request: FastifyRequest) => requireRelyingParty(relyingPartyFor(services.config.publicUrl, request));

  app.get(
    '/api/auth/passkeys',
    {
      schema: {
        tags: AUTH_TAGS,
        summary: 'My passkeys',
        description: 'The signed-in person\'s passkeys: name, when added and when last used. Signed-in users only.',
        security: USER_SECURITY,
        response: { 200: PasskeyListSchema, ...errorResponses(401, 429) },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({ passkeys: await listPasskeys(services.database.db, userContext(request).userId) }),
  );

  app.post(
    '/api/auth/passkeys/registration-options',
    ownRoute({
      summary: 'Start adding a passkey',
      description:
        'WebAuthn creation options (PublicKeyCredentialCreationOptionsJSON) for `navigator.credentials.create()`: ' +
        'a discoverable credential, no attestation, the account\'s passkeys excluded. The challenge works once, ' +
        'for 2 minutes, for this account only. 409 at 20 passkeys.',
      body: NoFieldsSchema,
      response: { 200: PasskeyOptionsSchema, ...errorResponses(400, 401, 409, 429) },
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return registrationOptions(services, relyingParty(request), userContext(request).userId);
    },
  );

  app.post(
    '/api/auth/passkeys',
    ownRoute({
      summary: 'Add a passkey',
      description:
        'The browser\'s registration answer for the options of `POST /api/auth/passkeys/registration-options`, ' +
        'and a name. From now on the passkey signs in without a password, and stands as a second factor after ' +
        'the password. 400 when the answer does not verify (wrong origin, used or expired challenge); 409 when ' +
        'it is already registered. Audited as `user.passkey_add`.',
      body: RegisterPasskeySchema,
      response: { 201: PasskeySchema, ...errorResponses(400, 401, 409, 429) },
    }),
    async (request, reply) => {
      const passkey = await registerPasskey(services, relyingParty(request), { ...userContext(request), input: request.body });
      return reply.status(201).send(passkey);
    },
  );

  app.patch(
    '/api/auth/passkeys/:id',
    ownRoute({
      summary: 'Rename a passkey',
      description: 'Audited as `user.passkey_rename`. 404 for a passkey that is not the signed-in person\'s.',
      params: PasskeyIdParamsSchema,
      body: RenamePasskeySchema,
      response: { 200: PasskeySchema, ...errorResponses(400, 401, 404, 429) },
    }),
    async (request) => renamePasskey(services, { ...userContext(request), input: { id: request.params.id, name: request.body.name } }),
  );

  app.delete(
    '/api/auth/passkeys/:id',
    ownRoute({
      summary: 'Remove a passkey',
      description: 'It no longer signs in. Audited as `user.passkey_remove`; the account is e-mailed. 404 for a passkey that is not the signed-in person\'s.',
      params: PasskeyIdParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
    }),
    async (request, reply) => {
      await removePasskey(services, { ...userContext(request), input: request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/signin/passkey/options',
    route({
      summary: 'Sign in with a passkey: options',
      description:
        'WebAuthn request options (PublicKeyCredentialRequestOptionsJSON) for `navigator.credentials.get()`. With ' +
        'no body fields: a passwordless sign-in, any of the site\'s discoverable passkeys, user verification ' +
        'required; send the answer to `POST /api/auth/signin/passkey`. With `challenge` from the password step: ' +
        'the account\'s passkeys as its second factor; send the answer to `POST /api/auth/signin/second-factor` ' +
        'as `passkey` (401 when the challenge has expired). Each WebAuthn challenge works once, for 2 minutes.',
      body: PasskeySignInOptionsSchema,
      response: { 200: PasskeyOptionsSchema, ...errorResponses(400, 401, 429) },
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rp = relyingParty(request);
      if (request.body.challenge === undefined) return authenticationOptions(services, rp, null);
      const userId = await challengeUser(services.database.db, request.body.challenge, services.now());
      if (userId === null) throw unauthorized(SIGN_IN_CHALLENGE_EXPIRED_MESSAGE);
      return authenticationOptions(services, rp, userId);
    },
  );

  app.post(
    '/api/auth/signin/passkey',
    route({
      summary: 'Sign in with a passkey',
      description:
        'The browser\'s answer for the options of `POST /api/auth/signin/passkey/options` (no challenge): the ' +
        'session, exactly as `POST /api/auth/signin` gives it, without a password or a second step (the passkey ' +
        'verified the person). Any failure (unknown passkey, bad signature, another origin, a used challenge, ' +
        'a counter that went back) answers 401 `Invalid email or password` and counts toward the account\'s ' +
        'sign-in back-off (429).',
      body: PasskeySignInSchema,
      response: { 200: SignInSessionResponseSchema, ...errorResponses(400, 401, 403, 429) },
    }),
    async (request) => signInWithPasskey(services, deps, passkeyContext(request)),
  );
}
