/** The admin's webhooks screen (issue 41 §2, §5): endpoints, the secret shown once, each endpoint's delivery log. */
export { getWebhookEndpointsQueryOptions } from './api/webhook-endpoints';
export { WebhooksAdmin } from './components/webhooks-admin';
