/**
 * What the three sign-in routes (password, second step, passkey) hand the rules in sign-in.ts, made once: the
 * back-off, the token signer and the captcha told of each failure, and the request's context with its country.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestContext } from '../../plugins/auth.ts';
import { createSignInBackOff } from './back-off.ts';
import { relyingPartyFor } from './passkeys.ts';
import type { SignInDeps } from './sign-in.ts';

export function signInRoutesKit(app: FastifyInstance) {
  const { services } = app;
  const backOff = createSignInBackOff(services.database.db, services.config.jwtSecret);
  const deps: SignInDeps = {
    signUserToken: app.signUserToken,
    backOff,
    onFailure: (ipAddress) => app.captcha.noteFailedSignIn(ipAddress),
  };
  // The country of a sign-in or sign-up, for the audit log: the trusted proxy's header, else GEOIP_DB, else none.
  // The country also rides in `meta`, so the audit entry of a visitor's action names where the visitor was.
  const authContext = (request: FastifyRequest) => {
    const context = requestContext(request);
    const { country } = app.locate(request);
    return { ...context, meta: { ...context.meta, country }, country };
  };
  /** A sign-in that proves a passkey (or may): the context, the body and the relying party of the request's host. */
  const passkeyContext = <Input>(request: FastifyRequest & { body: Input }) => ({
    ...authContext(request),
    input: request.body,
    relyingParty: relyingPartyFor(services.config.publicUrl, request),
  });
  return { backOff, deps, authContext, passkeyContext };
}
