import type { FastifyPluginAsync } from 'fastify';
import { messages } from '@easyfund/shared/api/messages';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import {
  createContactMessage,
  listContactMessages,
  listNewsletterSubscriptions,
  subscribeToNewsletter,
} from './service';

/** A contact message or a newsletter sign-up: MESSAGE_RATE_LIMIT_MAX per IP in 10 minutes. */
function messageRateLimit(kind: 'contact' | 'newsletter') {
  return rateLimit({
    name: `messages:${kind}`,
    per: ['ip'],
    max: (config) => config.MESSAGE_RATE_LIMIT_MAX,
    windowMs: 10 * 60_000,
    message: 'Too many messages from your network. Please wait a few minutes and try again.',
  });
}

/** Messages from visitors: newsletter, contact form, and their admin lists. */
const messagesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(
    app,
    messages.subscribe,
    async ({ body, status }) => {
      const result = await subscribeToNewsletter(db, body);
      if (!result.subscribed) status(200);
      return result;
    },
    { preHandler: [messageRateLimit('newsletter')] },
  );
  route(app, messages.contact, ({ body }) => createContactMessage(db, body), {
    preHandler: [messageRateLimit('contact')],
  });
  route(app, messages.contactList, ({ query }) => listContactMessages(db, query));
  route(app, messages.subscriptionList, ({ query }) => listNewsletterSubscriptions(db, query));
};

export default messagesRoutes;
