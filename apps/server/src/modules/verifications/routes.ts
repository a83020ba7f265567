import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the verifications module. */
const verificationsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default verificationsRoutes;
