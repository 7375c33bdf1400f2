/**
 * The captcha (decision 0004): `app.captcha`, which every route that needs a solved captcha checks with, and its challenge route.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { captchaRoutes } from './routes.ts';
import { type CaptchaService, createCaptchaService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Captcha checks for the routes of docs/architecture.md §6 that need one: `assertCaptcha(app.captcha, body.captcha)`. */
    captcha: CaptchaService;
  }
}

export const captchaModule = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app.services;
    app.decorate(
      'captcha',
      createCaptchaService({ db: database.db, secret: config.jwtSecret, maxNumber: config.captchaMaxNumber }),
    );
    await app.register(captchaRoutes);
  },
  { name: 'captcha', dependencies: ['rate-limit'] },
);
