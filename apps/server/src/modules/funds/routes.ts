import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the funds module. */
const fundsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default fundsRoutes;
