/** `app.affiliateProducts`: the affiliate products service (service.ts), typed for routes, page loaders and tests. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AffiliateProductService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    affiliateProducts: AffiliateProductService;
  }
}

export const affiliateProductsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('affiliateProducts', new AffiliateProductService(app.services));
  },
  { name: 'affiliate-products' },
);
