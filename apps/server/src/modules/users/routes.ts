import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the users module. */
const usersRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default usersRoutes;
