import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the donations module. */
const donationsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default donationsRoutes;
