/** `app.campaigns`: the campaigns service (service.ts), a named plugin so routes, page loaders and tests get it typed. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CampaignService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignService;
  }
}

export const campaignsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('campaigns', new CampaignService(app.services));
  },
  { name: 'campaigns' },
);
