/**
 * The `x-webhooks` part of the OpenAPI document (issue 41): one entry per event, the body JotIt POSTs and the answer
 * it expects, from the shared payload schema. `x-webhooks` because the document is OpenAPI 3.0 (3.1's `webhooks`
 * is the same shape; Redoc reads both).
 */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, WebhookPayloadSchema } from '../../../shared/schemas/webhooks.ts';

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The event id (`msg_…`): the same on every attempt and replay; de-duplicate on it.' },
  { name: 'webhook-timestamp', description: 'When this attempt was signed, in seconds since 1970.' },
  { name: 'webhook-signature', description: '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`; two, space-separated, during a rotation.' },
];

export function webhooksDocument(): Record<string, unknown> {
  const { $schema: _schema, ...payload } = z.toJSONSchema(WebhookPayloadSchema, { target: 'openapi-3.0' }) as Record<string, unknown> & {
    properties: Record<string, unknown>;
  };
  return Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => [
      type,
      {
        post: {
          operationId: `webhook${type.replace(/(^|[._])(\w)/g, (_match, _separator: string, letter: string) => letter.toUpperCase())}`,
          summary: `The ${type} event`,
          // JotIt calls the receiver: no credentials of this API; the signature headers authenticate the call.
          security: [],
          description: 'Signed by Standard Webhooks (docs/webhooks.md). A 2xx within 10 s is success; anything else is retried.',
          parameters: SIGNATURE_HEADERS.map((header) => ({ ...header, in: 'header', required: true, schema: { type: 'string' } })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { ...payload, properties: { ...payload.properties, type: { type: 'string', enum: [type] } } } } },
          },
          responses: { '200': { description: 'Received (any 2xx)' } },
        },
      },
    ]),
  );
}
