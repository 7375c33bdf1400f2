/** Affiliate products (spec §3, issue 12): admin CRUD, `app.affiliateProducts`, and `/go/{id}` (a counted click). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { affiliateProductRoutes } from './routes.ts';
import { AffiliateProductService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    affiliateProducts: AffiliateProductService;
  }
}

export const affiliateProductsModule = fp(
  async (app: FastifyInstance) => {
    const products = new AffiliateProductService(app.services);
    app.decorate('affiliateProducts', products);
    app.provideWebServices({ followAffiliateProduct: (id, visitor) => products.follow(id, visitor) });
    await app.register(affiliateProductRoutes);
  },
  { name: 'affiliate-products', dependencies: ['auth', 'web-services'] },
);
