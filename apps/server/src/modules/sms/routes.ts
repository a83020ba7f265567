import type { FastifyPluginAsync } from 'fastify';
import { sms } from '@easyfund/shared/api/sms';
import { NotFound } from '../../lib/errors';
import { outboxMessages } from '../../lib/sms';
import { smsOutboxDir } from '../../lib/sms-setup';
import { route } from '../../plugins/route';
import { publicLink, readSmsLink, stopSms } from './links';

/** The demo's SMS outbox, and the links receipt SMS carry (their receipt is in receipts/). */
const smsRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const { db } = app.database;
  // Only where SMS go to the outbox and the site is not live: the demo shows the code.
  const demo = config.smsProvider === 'outbox' && !config.liveStart;
  route(app, sms.outbox, async ({ query }) => {
    if (!demo) throw new NotFound('Page');
    return { messages: await outboxMessages(smsOutboxDir(config), query.phoneNumber) };
  });
  route(app, sms.link, async ({ params }) =>
    publicLink(await readSmsLink(db, config.authSecret, params.token)),
  );
  route(app, sms.stop, async ({ params }) =>
    publicLink(await stopSms(db, config.authSecret, params.token)),
  );
};

export default smsRoutes;
