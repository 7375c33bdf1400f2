/** Testimonials (issue 12): admin CRUD; the home page's published ones. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { testimonialRoutes } from './routes.ts';
import { listPublishedTestimonials } from './service.ts';

export const testimonialsModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.services.database;
    app.provideWebServices({ listTestimonials: async () => (await listPublishedTestimonials(db, { limit: 6 })).items });
    await app.register(testimonialRoutes);
  },
  { name: 'testimonials', dependencies: ['auth', 'web-services'] },
);
