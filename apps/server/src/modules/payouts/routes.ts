import type { FastifyPluginAsync } from 'fastify';
import { payouts } from '@easyfund/shared/api/payouts';
import { route } from '../../plugins/route';
import { sendCsv } from '../downloads/csv';
import { PAYOUT_HEADER, payoutRows } from './export';

/** Money out for the accountant: the payouts CSV, streamed page by page. */
const payoutsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, payouts.exportCsv, ({ query, reply }) =>
    sendCsv(
      reply,
      `easyfund-payouts-${query.from}-to-${query.to}.csv`,
      PAYOUT_HEADER,
      payoutRows(db, query),
    ),
  );
};

export default payoutsRoutes;
