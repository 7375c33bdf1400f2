/**
 * `POST /unsubscribe` and `POST /confirm-subscription` (issue 24). Both work without cookies or JavaScript: the
 * signed token in the URL is the only authority. A mail client's RFC 8058 one-click POST
 * (`List-Unsubscribe=One-Click`, no `action`) gets a short 200; the pages' forms (`action` = unsubscribe |
 * resubscribe | confirm) get a 303 back to their page, which shows the result (web routes/unsubscribe.tsx,
 * routes/confirm-subscription.tsx). The pages themselves are React Router routes (GET).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnsubscribePostSchema } from '../../../shared/schemas/unsubscribe.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { confirmSubscription, resubscribe, suppress } from './service.ts';

const INVALID_LINK = 'This link is not valid. Please use the link from your most recent e-mail.';
const FORM_BODY_LIMIT = 4096;

export async function unsubscribeRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const deps = () => ({ db: services.database.db, queue: services.queue, kit: services.config.kit });

  // Mail clients post urlencoded or multipart bodies; only our form's `action` matters, and the token decides.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) => done(null, {}));

  const query = z.object({ t: z.string().max(600).optional() });

  app.post(
    '/unsubscribe',
    {
      config: { isApiOperation: true },
      schema: {
        tags: ['unsubscribe'],
        operationId: 'postUnsubscribe',
        consumes: ['application/x-www-form-urlencoded'],
        summary: 'Unsubscribe (RFC 8058 one-click) or resubscribe',
        description:
          'The signed token (`t`, in the query or the body) names the address and the scope. With no `action` (a mail ' +
          "client's one-click POST, body `List-Unsubscribe=One-Click`) the address is unsubscribed and the answer is " +
          '200; with `action` from the page\'s form, the answer is a 303 back to `/unsubscribe`. No cookie, no login.',
        querystring: query,
        body: UnsubscribePostSchema.optional(),
        response: {
          200: z.object({ unsubscribed: z.literal(true) }),
          303: z.null().describe("Back to `/unsubscribe`, which shows the result (the page's own form)"),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const token = request.query.t ?? request.body?.t ?? '';
      const action = request.body?.action;
      const found = services.unsubscribeLinks.verify(token);
      if (!found) {
        if (action) return reply.redirect(`/unsubscribe?t=${encodeURIComponent(token)}`, 303);
        throw new HttpError(400, INVALID_LINK);
      }
      if (action === 'resubscribe') await resubscribe(deps(), found.email, found.scope);
      else await suppress(deps(), found.email, found.scope, action ? 'page' : 'one_click');
      if (!action) return { unsubscribed: true as const };
      const done = action === 'resubscribe' ? 'resubscribed' : 'unsubscribed';
      return reply.redirect(`/unsubscribe?t=${encodeURIComponent(token)}&done=${done}`, 303);
    },
  );

  app.post(
    '/confirm-subscription',
    {
      config: { isApiOperation: true },
      schema: {
        tags: ['unsubscribe'],
        operationId: 'postConfirmSubscription',
        consumes: ['application/x-www-form-urlencoded'],
        summary: 'Confirm a subscription (double opt-in)',
        description:
          'The signed token (`t`) names the address. The first confirmation queues the Kit sync. From the page\'s form ' +
          '(`action=confirm`) the answer is a 303 back to `/confirm-subscription`, which shows the result; without ' +
          '`action` (a script or client), 200 with whether the address is now confirmed.',
        querystring: query,
        body: UnsubscribePostSchema.optional(),
        response: {
          200: z.object({ confirmed: z.boolean() }),
          303: z.null().describe('Back to `/confirm-subscription`, which shows the result'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const token = request.query.t ?? request.body?.t ?? '';
      const email = services.unsubscribeLinks.verifyConfirm(token);
      const { confirmed } = email ? await confirmSubscription(deps(), email) : { confirmed: false };
      if (!request.body?.action) return { confirmed };
      return reply.redirect(`/confirm-subscription?t=${encodeURIComponent(token)}&done=${confirmed ? 'confirmed' : 'failed'}`, 303);
    },
  );
}
