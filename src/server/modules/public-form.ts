/**
 * The shape every public form route shares (feedback, contact, invitations): the public-form rate limit, the
 * honeypot (a filled `website` pretends success and stores nothing), the captcha, then the module's own work.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type PublicFormExtras, SuccessSchema } from '../../shared/schemas/leads.ts';
import { errorResponses } from '../lib/openapi.ts';
import { requestMetaOf } from '../plugins/auth.ts';
import type { RequestMeta } from '../services.ts';
import { assertCaptcha } from './captcha/service.ts';

export interface PublicFormRoute<Body extends z.ZodType<PublicFormExtras>> {
  url: string;
  tag: string;
  summary: string;
  description: string;
  body: Body;
  /** Stores the submission and queues its e-mail; throws an HttpError to refuse it. */
  submit(input: Omit<z.output<Body>, keyof PublicFormExtras>, meta: RequestMeta, reply: FastifyReply): Promise<void>;
}

export function publicFormRoute<Body extends z.ZodType<PublicFormExtras>>(instance: FastifyInstance, route: PublicFormRoute<Body>) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    route.url,
    {
      config: { rateLimit: app.rateLimitFor('publicForm') },
      schema: {
        tags: [route.tag],
        summary: route.summary,
        description: `${route.description} Needs a solved \`captcha\`; \`website\` is a honeypot.`,
        body: route.body,
        response: { 200: SuccessSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { captcha, website, ...input } = request.body as PublicFormExtras & Record<string, unknown>;
      if (website) return { success: true as const };
      await assertCaptcha(app.captcha, captcha);
      await route.submit(input as Omit<z.output<Body>, keyof PublicFormExtras>, requestMetaOf(request), reply);
      return { success: true as const };
    },
  );
}
