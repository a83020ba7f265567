import type { FastifyPluginAsync } from 'fastify';
import { privacy } from '@easyfund/shared/api/privacy';
import { TooManyRequests } from '../../lib/errors';
import { hitRateLimit } from '../../db/rate-limit-store';
import { route } from '../../plugins/route';
import { sendCsv } from '../downloads/csv';
import { closeAccount } from './close';
import { sendCloseCode } from './close-code';
import { checkSecondFactor } from './second-factor';
import { DATA_CSV_HEADER, myData, myDataCsv } from './export';

/** A person's own data: the download and closing the account (decision 251). */
const privacyRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  route(app, privacy.exportJson, async ({ user, reply }) => {
    reply
      .header('content-disposition', 'attachment; filename="easyfund-my-data.json"')
      .header('cache-control', 'no-store');
    return myData(db, user.id);
  });
  route(app, privacy.exportCsv, ({ user, reply }) =>
    sendCsv(reply, 'easyfund-my-data.csv', DATA_CSV_HEADER, myDataCsv(db, user.id)),
  );
  route(app, privacy.close, async ({ user, body }) => {
    // A stolen session cannot guess the password here either: ten tries an hour.
    const tries = await hitRateLimit(db, `close-account:${user.id}`, 10, 60 * 60_000);
    if (!tries.allowed)
      throw new TooManyRequests('Too many attempts. Please wait a while and try again.');
    const ctx = await app.auth.$context;
    return closeAccount(
      {
        db,
        provider: app.payments,
        log: app.log,
        verifyPassword: (hash, password) => ctx.password.verify({ hash, password }),
        verifySecondFactor: (userId, code) => checkSecondFactor(db, ctx.secretConfig, userId, code),
      },
      user.id,
      body,
    );
  });
  route(app, privacy.closeCode, async ({ user }) => {
    // Each SMS costs money: three codes an hour.
    const sends = await hitRateLimit(db, `close-code:${user.id}`, 3, 60 * 60_000);
    if (!sends.allowed)
      throw new TooManyRequests('Too many attempts. Please wait a while and try again.');
    return sendCloseCode({ db, sms: app.sms }, user.id);
  });
};

export default privacyRoutes;
