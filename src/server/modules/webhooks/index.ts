/**
 * Webhooks (issue 41, decision 0063): endpoints and their delivery log (routes.ts, service.ts), the events outbox
 * other services write to (outbox.ts), the delivery worker main.ts starts (worker.ts), and `app.webhooks`: the
 * sealer of the signing secrets, the SSRF policy, and the in-memory set of subscribed event types the jot path
 * reads (subscribed-events.ts), kept current across instances through the cluster bus.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSealer, type Sealer } from '../../lib/sealed.ts';
import type { AddressPolicy } from './address-guard.ts';
import { webhookRoutes } from './routes.ts';
import { SubscribedEvents } from './subscribed-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { sealer: Sealer; policy: AddressPolicy; subscribedEvents: SubscribedEvents };
  }
}

export const webhooksModule = fp(
  async (app: FastifyInstance) => {
    const { database, config } = app.services;
    const onError = (error: unknown) => app.log.error({ err: error }, 'reloading webhook subscriptions failed');
    const sealer = createSealer(config.jwtSecret, 'webhook-secret');
    const policy: AddressPolicy = { allowHttp: config.webhooks.allowHttp, allowPrivate: config.webhooks.allowPrivate };
    const subscribedEvents = new SubscribedEvents(database.db, onError);
    app.decorate('webhooks', { sealer, policy, subscribedEvents });
    const bus = app.clusterBus;
    const unsubscribe = bus.subscribe((topic) => {
      if (topic === 'webhooks') void subscribedEvents.reload().catch(onError);
    });
    const offReconnect = bus.onReconnect(() => void subscribedEvents.reload().catch(onError));
    app.addHook('onReady', async () => {
      await subscribedEvents.reload();
      subscribedEvents.start();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      offReconnect();
      subscribedEvents.stop();
    });
    const onEndpointsChanged = async () => {
      bus.publish('webhooks', 'endpoints');
      await subscribedEvents.reload().catch(onError);
    };
    await app.register(webhookRoutes, { deps: { db: database.db, sealer, policy, now: () => app.services.now(), onEndpointsChanged } });
  },
  { name: 'webhooks', dependencies: ['auth'] },
);
