/**
 * What the page loaders read (`WebServices`, src/shared/load-context.ts), gathered from the modules that own it:
 * each module calls `app.provideWebServices({ … })` with its slice (faqs its FAQ list, jots the count, …), so a
 * page's data is found in the module that owns the data, not in app.ts. `app.webServices()` hands the ssr plugin the
 * whole set and names any part no module provided (a start-up error, never a loader's `undefined is not a function`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebServices } from '../../shared/load-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A module's part of what the page loaders read; each part is provided by one module only. */
    provideWebServices(slice: Partial<WebServices>): void;
    /** Every part, once all modules are registered. */
    webServices(): WebServices;
  }
}

/** Every part of WebServices, listed so that the compiler tells when one is added to the interface. */
const PARTS = {
  publicUrl: true,
  downloadUrl: true,
  supportEmail: true,
  getPublishedFaqs: true,
  getActiveBanners: true,
  getHelpConfig: true,
  getJotCount: true,
  listBlogPosts: true,
  getBlogPost: true,
  listBlogCategories: true,
  getBlogPostExtras: true,
  getCampaignLandingPage: true,
  followAffiliateProduct: true,
  listTestimonials: true,
  getPage: true,
  listPages: true,
  listPageSlugs: true,
  getUnsubscribeStatus: true,
  isConfirmationToken: true,
} satisfies Record<keyof WebServices, true>;

export const webServicesPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicUrl, downloadUrl, supportEmail } = app.services.config;
    const provided: Partial<WebServices> = { publicUrl, downloadUrl, supportEmail };
    app.decorate('provideWebServices', (slice: Partial<WebServices>) => {
      for (const part of Object.keys(slice)) {
        if (part in provided) throw new Error(`web services: "${part}" is provided twice`);
      }
      Object.assign(provided, slice);
    });
    app.decorate('webServices', () => {
      const missing = Object.keys(PARTS).filter((part) => !(part in provided));
      if (missing.length > 0) throw new Error(`web services: no module provides ${missing.join(', ')}`);
      return provided as WebServices;
    });
  },
  { name: 'web-services' },
);
