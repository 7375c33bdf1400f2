/** Affiliate products (spec §3, issue 12): admin CRUD and `/go/{id}` (a counted click). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { affiliateProductRoutes } from './routes.ts';
import { followProduct } from './service.ts';

export const affiliateProductsModule = fp(
  async (app: FastifyInstance) => {
    app.provideWebServices({ followAffiliateProduct: (id, visitor) => followProduct(app.services, id, visitor) });
    await app.register(affiliateProductRoutes);
  },
  { name: 'affiliate-products', dependencies: ['auth', 'web-services'] },
);
