import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sms } from '@easyfund/shared/api/sms';
import { QUEUES } from '../../lib/job-queue';
import { NotFound } from '../../lib/errors';
import { outboxMessages } from './service';
import { smsOutboxDir } from './setup';
import { route } from '../../plugins/route';
import { type CeilingSettings, setSmsCeiling, smsCosts } from './ceiling';
import { publicLink, readSmsLink, stopSms } from './links';
import {
  readNotice,
  sendDecisionSms,
  setSmsPreferences,
  smsPreferences,
  stopNotices,
} from './notices';

const ZDecisionSmsJob = z.object({
  kind: z.enum(['application', 'fund', 'change', 'withdrawal', 'payoutAccount']),
  id: z.string(),
});

/**
 * The demo's SMS outbox, the links receipt, update and decision SMS carry (a receipt's PDF
 * is in receipts/), a person's SMS choices, and the admins' daily cost ceiling.
 */
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

  route(app, sms.preferences, ({ user }) => smsPreferences(db, user.id));
  route(app, sms.setPreferences, ({ user, body }) => setSmsPreferences(db, user.id, body));
  route(app, sms.notice, ({ params }) => readNotice(db, params.token));
  route(app, sms.stopNotices, ({ params }) => stopNotices(db, params.token));

  const ceiling: CeilingSettings = {
    defaultTk: config.SMS_DAILY_CEILING_TK,
    segmentCostPoisha: config.SMS_SEGMENT_COST_POISHA,
  };
  route(app, sms.costs, () => smsCosts(db, ceiling));
  route(app, sms.setCeiling, ({ user, body }) => setSmsCeiling(db, user, body.ceilingTk, ceiling));

  // A decision's SMS goes out from the job queue (queued with the decision's mail).
  app.jobs.handle(QUEUES.decisionSms, async (data) => {
    const { kind, id } = ZDecisionSmsJob.parse(data);
    await sendDecisionSms({ db, sms: app.sms, publicUrl: app.publicUrl }, kind, id);
  });
};

export default smsRoutes;
