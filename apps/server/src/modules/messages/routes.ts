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

/**
 * A contact message or a newsletter sign-up: MESSAGE_RATE_LIMIT_MAX per network in 10
 * minutes, and a sixth of that for one e-mail address.
 */
function messageRateLimit(kind: 'contact' | 'newsletter') {
  return rateLimit({
    name: `messages:${kind}`,
    per: {
      network: (config) => config.MESSAGE_RATE_LIMIT_MAX,
      email: (config) => Math.max(1, Math.ceil(config.MESSAGE_RATE_LIMIT_MAX / 6)),
    },
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
    async ({ body }) => {
      await subscribeToNewsletter(db, body);
      // The same answer whether or not the address was already subscribed: the form
      // must not tell anyone who reads the newsletter.
      return { subscribed: true as const };
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
