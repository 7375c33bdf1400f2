/**
 * Every feature module, registered once by app.ts: first the named plugins that hold shared state (a cache, a
 * keyring, a feed, the captcha store), then each module's routes (`modules/<name>/routes.ts`: thin routes calling
 * `service.ts`), which declare the plugins they depend on.
 */
import type { FastifyInstance } from 'fastify';
import { adminStatsRoutes } from './admin-stats/routes.ts';
import { affiliateProductsPlugin } from './affiliate-products/plugin.ts';
import { affiliateProductRoutes } from './affiliate-products/routes.ts';
import { apiDocsRoutes } from './api-docs/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { bannersPlugin } from './banners/plugin.ts';
import { bannerRoutes } from './banners/routes.ts';
import { blogPlugin } from './blog/plugin.ts';
import { blogRoutes } from './blog/routes.ts';
import { buildGuidKeyringPlugin } from './build-guids/plugin.ts';
import { buildGuidRoutes } from './build-guids/routes.ts';
import { campaignsPlugin } from './campaigns/plugin.ts';
import { campaignRoutes } from './campaigns/routes.ts';
import { captchaPlugin } from './captcha/plugin.ts';
import { captchaRoutes } from './captcha/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { faqRoutes } from './faqs/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { helpRoutes } from './help/routes.ts';
import { inboxRoutes } from './inbox/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { jotFeedPlugin } from './jots/plugin.ts';
import { jotRoutes } from './jots/routes.ts';
import { leadAdminRoutes } from './leads/admin-routes.ts';
import { leadRoutes } from './leads/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { pageRoutes } from './pages/routes.ts';
import { seoRoutes } from './seo/routes.ts';
import { testimonialRoutes } from './testimonials/routes.ts';
import { unsubscribeRoutes } from './unsubscribe/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { userRoutes } from './users/routes.ts';

export async function registerModules(app: FastifyInstance): Promise<void> {
  // Shared state with a lifecycle, decorated onto the app with its type.
  await app.register(captchaPlugin);
  await app.register(buildGuidKeyringPlugin);
  await app.register(jotFeedPlugin);
  await app.register(bannersPlugin);
  await app.register(blogPlugin);
  await app.register(campaignsPlugin);
  await app.register(affiliateProductsPlugin);

  await app.register(healthRoutes);
  await app.register(captchaRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  // jots (jots, build GUIDs, clients, test jot) and the API reference at /docs
  await app.register(buildGuidRoutes);
  await app.register(clientRoutes);
  await app.register(jotRoutes);
  await app.register(apiDocsRoutes);
  // marketing (leads, banners, faqs, help config, feedback, invitations, contact, robots.txt + sitemap.xml)
  await app.register(leadRoutes);
  await app.register(leadAdminRoutes);
  await app.register(bannerRoutes);
  await app.register(faqRoutes);
  await app.register(helpRoutes);
  await app.register(feedbackRoutes);
  await app.register(invitationRoutes);
  await app.register(contactRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(seoRoutes);
  // blog CMS (issue 11)
  await app.register(blogRoutes);
  await app.register(uploadRoutes);
  // admin back-office (issue 10): dashboard figures, inbox, audit log
  await app.register(adminStatsRoutes);
  await app.register(inboxRoutes);
  await app.register(auditRoutes);
  // e-mail previews (issue 24)
  await app.register(mailRoutes);
  // content collections (issue 12, part B): campaigns, affiliate products
  await app.register(campaignRoutes);
  await app.register(affiliateProductRoutes);
  // content collections (issue 12): testimonials and pages
  await app.register(testimonialRoutes);
  await app.register(pageRoutes);
}
