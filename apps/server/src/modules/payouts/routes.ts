import type { FastifyPluginAsync } from 'fastify';
import { payouts } from '@easyfund/shared/api/payouts';
import { TooManyRequests } from '../../lib/errors';
import { languageOf } from '../notifications/mails';
import { notifyDecision } from '../notifications/service';
import { hitRateLimit } from '../../db/rate-limit-store';
import { route } from '../../plugins/route';
import { sendCsv } from '../downloads/csv';
import { sendCloseCode } from '../privacy/close-code';
import { checkSecondFactor } from '../privacy/second-factor';
import { decideAccount, getAdminAccount, listAdminAccounts } from './account-review';
import { accountAddedMail, addAccount, listMyAccounts, removeAccount } from './accounts';
import { PAYOUT_HEADER, payoutRows } from './export';

/**
 * Money out: raisers' payout accounts and their review by admins; for the accountant the
 * payouts CSV, streamed page by page.
 */
const payoutsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, payouts.myAccounts, ({ user }) =>
    listMyAccounts(db, user, app.config.PAYOUT_ACCOUNT_HOLD_HOURS),
  );
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
        verifySecondFactor: (userId, code) => checkSecondFactor(db, ctx.secretConfig, userId, code),
      },
      user,
      body,
    );
    // The owner hears of it at once: if it was not them, they have the hold to act.
    await app.mailQueue.enqueueMail(
      `payout-account:${added.id}:added`,
      accountAddedMail(
        await languageOf(db, user.id),
        user,
        added,
        app.config.PAYOUT_ACCOUNT_HOLD_HOURS,
        app.publicUrl,
      ),
    );
    return added;
  });
  route(app, payouts.accountCode, async ({ user }) => {
    // Each SMS costs money: three codes an hour.
    const sends = await hitRateLimit(db, `payout-account-code:${user.id}`, 3, 60 * 60_000);
    if (!sends.allowed)
      throw new TooManyRequests('Too many attempts. Please wait a while and try again.');
    return sendCloseCode({ db, sms: app.sms }, user.id, 'payout-account');
  });
  route(app, payouts.removeAccount, ({ user, params }) => removeAccount(db, user, params.id));
  route(app, payouts.listAccounts, ({ query }) => listAdminAccounts(db, query));
  route(app, payouts.getAccount, ({ user, params }) => getAdminAccount(db, user, params.id));
  route(app, payouts.decideAccount, async ({ user, params, body }) => {
    const decided = await decideAccount(db, user, params.id, body);
    // The raiser hears of it (by SMS too if they chose it), the reason of a denial included.
    await notifyDecision(db, app.mailQueue, 'payoutAccount', params.id);
    return decided;
  });
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
