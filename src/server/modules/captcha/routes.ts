import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

// altcha-lib's format, documented for OpenAPI; loose objects so no signed field is ever dropped.
const ChallengeSchema = z
  .looseObject({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  })
  .describe('An ALTCHA v2 proof-of-work challenge for the <altcha-widget> (altcha 3.x)');

/** `GET /api/captcha/challenge`. */
export async function captchaRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { captcha } = app;

  app.get(
    '/api/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A new captcha challenge',
        description:
          'Solve it with the ALTCHA widget and send the payload as `captcha` with sign-in, sign-up, forgot-password ' +
          'and the public forms. Valid for 5 minutes; each solution is accepted once. Harder (up to 64 times the ' +
          'work) for an address with repeated failed sign-ins in the last hour.',
        response: { 200: ChallengeSchema },
      },
    },
    async (request, reply) => {
      // Every challenge is single use: never from a cache.
      reply.header('Cache-Control', 'no-store');
      // Harder for an address whose sign-ins keep failing (issue 23 §7).
      return captcha.createChallenge(request.ip);
    },
  );
}
