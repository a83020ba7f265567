import type { FastifyPluginAsync } from 'fastify';
import { payouts } from '@easyfund/shared/api/payouts';
import { TooManyRequests } from '../../lib/errors';
import { languageOf } from '../notifications/mails';
import { hitRateLimit } from '../../db/rate-limit-store';
import { route } from '../../plugins/route';
import { sendCsv } from '../downloads/csv';
import {
  accountAddedMail,
  addAccount,
  decideAccount,
  getAdminAccount,
  listAdminAccounts,
  listMyAccounts,
  removeAccount,
} from './accounts';
import { PAYOUT_HEADER, payoutRows } from './export';

/**
 * Money out: raisers' payout accounts and their review by admins; for the accountant the
 * payouts CSV, streamed page by page.
 */
const payoutsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, payouts.myAccounts, ({ user }) => listMyAccounts(db, user));
  route(app, payouts.addAccount, async ({ user, body }) => {
    // A stolen session cannot guess the password here either: ten tries an hour.
    const tries = await hitRateLimit(db, `payout-account:${user.id}`, 10, 60 * 60_000);
    if (!tries.allowed)
      throw new TooManyRequests('Too many attempts. Please wait a while and try again.');
    const ctx = await app.auth.$context;
    const added = await addAccount(
      {
        db,
        holdHours: app.config.PAYOUT_ACCOUNT_HOLD_HOURS,
        verifyPassword: (hash, password) => ctx.password.verify({ hash, password }),
      },
      user,
      body,
    );
    // The owner hears of it at once: if it was not them, they have the hold to act.
    await app.mailQueue.enqueueMail(
      `payout-account:${added.id}:added`,
      accountAddedMail(await languageOf(db, user.id), user, added, app.publicUrl),
    );
    return added;
  });
  route(app, payouts.removeAccount, ({ user, params }) => removeAccount(db, user, params.id));
  route(app, payouts.listAccounts, ({ query }) => listAdminAccounts(db, query));
  route(app, payouts.getAccount, ({ user, params }) => getAdminAccount(db, user, params.id));
  route(app, payouts.decideAccount, ({ user, params, body }) =>
    decideAccount(db, user, params.id, body),
  );
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
