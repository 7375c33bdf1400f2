/** `app.captcha`: the captcha service every route that needs a solved captcha checks with (docs/architecture.md §5, §6). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CaptchaService, createCaptchaService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Captcha checks for the routes of docs/architecture.md §6 that need one: `assertCaptcha(app.captcha, body.captcha)`. */
    captcha: CaptchaService;
  }
}

export const captchaPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app.services;
    app.decorate('captcha', createCaptchaService({ db: database.db, secret: config.jwtSecret, maxNumber: config.captchaMaxNumber }));
  },
  { name: 'captcha' },
);
