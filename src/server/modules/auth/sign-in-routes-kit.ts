/**
 * What the three sign-in routes (password, second step, passkey) hand the rules in sign-in.ts, made once: the
 * back-off, the token signer and the captcha told of each failure, and the request's context with its country.
 * And the options of the auth routes' two groups (decision 0074): anyone's (`route`) and the signed-in person's
 * own (`ownRoute`), both under the auth limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_SECURITY } from '../../lib/openapi.ts';
import { routeGroup } from '../../lib/route-options.ts';
import { requestContext } from '../../plugins/auth.ts';
import { createSignInBackOff } from './back-off.ts';
import { relyingPartyFor } from './passkeys.ts';
import type { SignInDeps } from './sign-in.ts';

/** The OpenAPI tag of the auth routes. */
export const AUTH_TAGS = ['auth'];

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
  // docs/architecture.md §6: 10 per minute per IP on every route that checks a password, a code, a captcha, a
  // challenge or a token, or sends e-mail.
  const config = { rateLimit: app.rateLimitFor('auth') };
  const route = routeGroup({ tags: AUTH_TAGS, config });
  const ownRoute = routeGroup({ tags: AUTH_TAGS, security: USER_SECURITY, config, onRequest: app.requireUser });
  return { backOff, deps, authContext, passkeyContext, config, route, ownRoute };
}
