import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZPageQuery } from '@easyfund/shared/schemas/common';
import {
  ZContactCreated,
  ZContactMessageList,
  ZContactRequest,
  ZNewsletterRequest,
  ZNewsletterResponse,
  ZNewsletterSubscriptionList,
} from '@easyfund/shared/schemas/messages';
import { requireAdmin } from '../../plugins/auth';
import { messageRateLimit } from './rate-limit';
import {
  createContactMessage,
  listContactMessages,
  listNewsletterSubscriptions,
  subscribeToNewsletter,
} from './service';

/** Routes of the messages module: newsletter, contact form, and their admin lists. */
const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/newsletter',
    {
      preHandler: messageRateLimit('newsletter'),
      schema: {
        tags: ['messages'],
        summary:
          'Subscribe an e-mail to the newsletter (a second subscribe is a no-op that answers the same)',
        body: ZNewsletterRequest,
        response: { 201: ZNewsletterResponse, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      await subscribeToNewsletter(app.database.db, request.body);
      // The same answer whether or not the address was already subscribed: the form
      // must not tell anyone who reads the newsletter.
      return reply.status(201).send({ subscribed: true });
    },
  );

  app.post(
    '/api/contact',
    {
      preHandler: messageRateLimit('contact'),
      schema: {
        tags: ['messages'],
        summary: 'Send a message through the contact form',
        body: ZContactRequest,
        response: { 201: ZContactCreated, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const created = await createContactMessage(app.database.db, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['messages', 'admin'],
        summary: 'Messages sent through the contact form, newest first (admins)',
        security: [{ session: [] }, { bearer: [] }],
        querystring: ZPageQuery,
        response: { 200: ZContactMessageList, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listContactMessages(app.database.db, request.query),
  );

  app.get(
    '/api/admin/newsletter-subscriptions',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['messages', 'admin'],
        summary: 'Newsletter subscriptions, newest first (admins)',
        security: [{ session: [] }, { bearer: [] }],
        querystring: ZPageQuery,
        response: { 200: ZNewsletterSubscriptionList, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listNewsletterSubscriptions(app.database.db, request.query),
  );
};

export default messagesRoutes;
