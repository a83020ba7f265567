import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the raising module. */
const raisingRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default raisingRoutes;
