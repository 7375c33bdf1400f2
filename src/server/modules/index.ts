/**
 * Every feature module's routes, registered once by app.ts. Each module is a Fastify plugin in
 * `modules/<name>/routes.ts` (thin routes calling `service.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.ts';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  // accounts (auth, users)
  // jots (jots, build GUIDs, clients, test jot)
  // marketing (leads, banners, faqs, help config, feedback, invitations, contact)
}
