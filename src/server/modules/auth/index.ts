/**
 * Accounts (docs/architecture.md §5): sign-up, sign-in, confirmation, password reset and the signed-in person's
 * sessions (decision 0051) and second factor (decision 0053) and passkeys (decision 0057). Named `accounts`: `auth` is the plugin that tells who is calling (plugins/auth.ts),
 * which every module depends on.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { passkeyRoutes } from './passkeys-routes.ts';
import { authRoutes } from './routes.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';
import { sessionRoutes } from './sessions-routes.ts';

export const accountsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(authRoutes);
    await app.register(sessionRoutes);
    await app.register(secondFactorRoutes);
    await app.register(passkeyRoutes);
  },
  { name: 'accounts', dependencies: ['auth', 'rate-limit', 'captcha', 'geoip'] },
);
