/**
 * Accounts (docs/architecture.md §5): sign-up, sign-in, confirmation and password reset. Named `accounts`: `auth` is
 * the plugin that tells who is calling (plugins/auth.ts), which every module depends on.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './routes.ts';

export const accountsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(authRoutes);
  },
  { name: 'accounts', dependencies: ['auth', 'rate-limit', 'captcha', 'geoip'] },
);
