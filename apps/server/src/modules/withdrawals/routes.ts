import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the withdrawals module. */
const withdrawalsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default withdrawalsRoutes;
