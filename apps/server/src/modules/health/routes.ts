import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness with a database check',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};

export default healthRoutes;
