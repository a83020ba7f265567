import type { FastifyPluginAsync } from 'fastify';
import { overview } from '@easyfund/shared/api/overview';
import { QUEUES } from '../../lib/job-queue';
import { route } from '../../plugins/route';
import { sendTodaysDigest } from './digest';
import { adminOverview } from './service';

/** The admins' overview of giving and of what waits for them. */
const overviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, overview.get, () => adminOverview(db));
  // Every day at 09:00 Asia/Dhaka (the job queue's schedule): what waits, to every admin.
  app.jobs.handle(QUEUES.adminDigest, async () => {
    await sendTodaysDigest(db, app.mailQueue, app.publicUrl);
  });
};

export default overviewRoutes;
