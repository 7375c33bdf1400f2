import type { FastifyInstance } from 'fastify';
import { robotsTxt, rssXml, sitemapXml } from './service.ts';

/** `/robots.txt` and `/sitemap.xml`, served by Fastify (no page JavaScript, no React render). */
export async function seoRoutes(app: FastifyInstance) {
  const { config, database } = app.services;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await sitemapXml(database.db, config.publicUrl, app.services.now())),
  );

  app.get('/blog/rss.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(await rssXml(database.db, config.publicUrl, app.services.now())),
  );
}
