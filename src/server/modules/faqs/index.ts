/** FAQs (spec §3): admin CRUD and order; the /help page's published list. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { faqRoutes } from './routes.ts';
import { listPublishedFaqs } from './service.ts';

export const faqsModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.services.database;
    app.provideWebServices({ getPublishedFaqs: () => listPublishedFaqs(db) });
    await app.register(faqRoutes);
  },
  { name: 'faqs', dependencies: ['auth', 'web-services'] },
);
