/**
 * Every feature module's routes, registered once by app.ts. Each module is a Fastify plugin in
 * `modules/<name>/routes.ts` (thin routes calling `service.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes.ts';
import { buildGuidRoutes } from './build-guids/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { apiDocsRoutes } from './jots/docs-routes.ts';
import { jotRoutes } from './jots/routes.ts';
import { userRoutes } from './users/routes.ts';
import { bannerRoutes } from './banners/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { faqRoutes } from './faqs/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { helpRoutes } from './help/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { leadRoutes } from './leads/routes.ts';
import { seoRoutes } from './seo/routes.ts';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  // jots (jots, build GUIDs, clients, test jot, API reference at /docs)
  await app.register(buildGuidRoutes);
  await app.register(clientRoutes);
  await app.register(jotRoutes);
  await app.register(apiDocsRoutes);
  // marketing (leads, banners, faqs, help config, feedback, invitations, contact, robots.txt + sitemap.xml)
  await app.register(leadRoutes);
  await app.register(bannerRoutes);
  await app.register(faqRoutes);
  await app.register(helpRoutes);
  await app.register(feedbackRoutes);
  await app.register(invitationRoutes);
  await app.register(contactRoutes);
  await app.register(seoRoutes);
}
