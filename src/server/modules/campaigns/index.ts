/** Campaigns (spec §3, issue 12): admin CRUD and the landing pages (`/c/{slug}`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPageParam } from '../../../shared/schemas/text.ts';
import { campaignRoutes } from './routes.ts';
import { campaignLandingPage } from './service.ts';

export const campaignsModule = fp(
  async (app: FastifyInstance) => {
    app.provideWebServices({
      getCampaignLandingPage: async (slug, visitor) =>
        isPageParam(slug) ? campaignLandingPage(app.services, slug, visitor) : null,
    });
    await app.register(campaignRoutes);
  },
  { name: 'campaigns', dependencies: ['auth', 'web-services', 'presence'] },
);
