import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the payments module. */
const paymentsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default paymentsRoutes;
