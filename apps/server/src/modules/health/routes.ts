import type { FastifyPluginAsync } from 'fastify';
import { health } from '@easyfund/shared/api/health';
import { route } from '../../plugins/route';

/** Liveness with a database check, and the API's own OpenAPI document. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, health.check, async ({ reply }) => {
    try {
      await app.database.ping();
      return { status: 'ok' as const, database: 'up' as const };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });
  route(app, health.openapi, () => app.swagger() as unknown as Record<string, unknown>);
};

export default healthRoutes;
