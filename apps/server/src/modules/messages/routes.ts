import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the messages module. */
const messagesRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default messagesRoutes;
