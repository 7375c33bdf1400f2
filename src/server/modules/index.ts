/**
 * Every feature module, in one explicit list (decision 0036). A module is `modules/<name>/index.ts`: one
 * `fastify-plugin` with its name and `dependencies`, which builds its service and state, decorates the app with what
 * others read, owns its lifecycle (onReady / onClose), registers its routes and provides its part of the pages'
 * data (`app.provideWebServices`). The order is the registration order: a module comes after the modules it depends
 * on (Fastify refuses to start otherwise, naming both). api-docs comes first: its OpenAPI document must see every route.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { accountsModule } from './auth/index.ts';
import { adminStatsModule } from './admin-stats/index.ts';
import { analyticsModule } from './analytics/index.ts';
import { affiliateProductsModule } from './affiliate-products/index.ts';
import { apiDocsModule } from './api-docs/index.ts';
import { auditModule } from './audit/index.ts';
import { bannersModule } from './banners/index.ts';
import { blogModule } from './blog/index.ts';
import { buildGuidsModule } from './build-guids/index.ts';
import { campaignsModule } from './campaigns/index.ts';
import { captchaModule } from './captcha/index.ts';
import { clientsModule } from './clients/index.ts';
import { contactModule } from './contact/index.ts';
import { faqsModule } from './faqs/index.ts';
import { feedbackModule } from './feedback/index.ts';
import { healthModule } from './health/index.ts';
import { helpModule } from './help/index.ts';
import { inboxModule } from './inbox/index.ts';
import { invitationsModule } from './invitations/index.ts';
import { jotsModule } from './jots/index.ts';
import { leadsModule } from './leads/index.ts';
import { mailModule } from './mail/index.ts';
import { pagesModule } from './pages/index.ts';
import { presenceModule } from './presence/index.ts';
import { seoModule } from './seo/index.ts';
import { staffInvitationsModule } from './staff-invitations/index.ts';
import { testimonialsModule } from './testimonials/index.ts';
import { unsubscribeModule } from './unsubscribe/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { usersModule } from './users/index.ts';
import { webhooksModule } from './webhooks/index.ts';

export const MODULES: readonly FastifyPluginAsync[] = [
  apiDocsModule,
  healthModule,
  captchaModule,
  accountsModule,
  usersModule,
  staffInvitationsModule,
  // webhooks (issue 41): before the modules whose services record events
  webhooksModule,
  // jots: the keys, the API clients, then the jot path itself
  buildGuidsModule,
  clientsModule,
  jotsModule,
  // marketing
  leadsModule,
  bannersModule,
  faqsModule,
  helpModule,
  feedbackModule,
  invitationsModule,
  contactModule,
  unsubscribeModule,
  seoModule,
  // who has a document open in an editor (issue 39 §2), before the documents' modules
  presenceModule,
  // blog CMS (issue 11)
  blogModule,
  uploadsModule,
  // admin back-office (issue 10) and e-mail previews (issue 24)
  adminStatsModule,
  inboxModule,
  auditModule,
  mailModule,
  // content collections (issue 12)
  campaignsModule,
  affiliateProductsModule,
  testimonialsModule,
  pagesModule,
  // site analytics and the funnel (issue 40)
  analyticsModule,
];

export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const module of MODULES) await app.register(module);
}
