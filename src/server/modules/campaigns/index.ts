/** Campaigns (spec §3, issue 12): admin CRUD, `app.campaigns`, and the landing pages (`/c/{slug}`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPageParam } from '../../../shared/schemas/text.ts';
import { campaignRoutes } from './routes.ts';
import { CampaignService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignService;
  }
}

export const campaignsModule = fp(
  async (app: FastifyInstance) => {
    const campaigns = new CampaignService(app.services);
    app.decorate('campaigns', campaigns);
    app.provideWebServices({
      getCampaignLandingPage: async (slug, visitor) =>
        isPageParam(slug) ? campaigns.landingPage(slug, visitor) : null,
    });
    await app.register(campaignRoutes);
  },
  { name: 'campaigns', dependencies: ['auth', 'web-services'] },
);
