import type { FastifyPluginAsync } from 'fastify';
import { downloads } from '@easyfund/shared/api/downloads';
import { route } from '../../plugins/route';
import { sendCsv } from './csv';
import {
  donorGiftHeader,
  donorGiftRows,
  PAYMENT_HEADER,
  paymentRows,
  raiserDonationHeader,
  raiserDonationRows,
  REFUND_HEADER,
  refundRows,
  WITHDRAWAL_HEADER,
  withdrawalRows,
} from './service';

/** CSV downloads, streamed from the database page by page. */
const downloadsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, downloads.myGifts, ({ user, request, reply }) => {
    const lang = request.language();
    return sendCsv(
      reply,
      'easyfund-my-gifts.csv',
      donorGiftHeader(lang),
      donorGiftRows(db, user.id, lang),
    );
  });
  route(app, downloads.myDonations, ({ user, request, reply }) => {
    const lang = request.language();
    return sendCsv(
      reply,
      'easyfund-donations.csv',
      raiserDonationHeader(lang),
      raiserDonationRows(db, user.id, lang),
    );
  });
  route(app, downloads.payments, ({ query, reply }) =>
    sendCsv(
      reply,
      `easyfund-payments-${query.from}-to-${query.to}.csv`,
      PAYMENT_HEADER,
      paymentRows(db, query),
    ),
  );
  route(app, downloads.refunds, ({ query, reply }) =>
    sendCsv(
      reply,
      `easyfund-refunds-${query.from}-to-${query.to}.csv`,
      REFUND_HEADER,
      refundRows(db, query),
    ),
  );
  route(app, downloads.withdrawals, ({ query, reply }) =>
    sendCsv(
      reply,
      `easyfund-withdrawals-${query.from}-to-${query.to}.csv`,
      WITHDRAWAL_HEADER,
      withdrawalRows(db, query),
    ),
  );
};

export default downloadsRoutes;
