import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the uploads module. */
const uploadsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default uploadsRoutes;
