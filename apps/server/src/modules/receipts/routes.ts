import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { receipts } from '@easyfund/shared/api/receipts';
import { sms } from '@easyfund/shared/api/sms';
import { readSmsLink } from '../sms/links';
import { sendReceiptSms } from './sms';
import { inLanes } from '../../lib/in-lanes';
import { QUEUES } from '../../lib/job-queue';
import { hasAdminRights } from '../../plugins/session';
import { accountRateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { fundStatementData } from '../payouts/statement';
import { manageLinkOfPayment } from '../recurring/service';
import type { Organisation } from './pdf';
import { createPrinter } from './printer';
import { sendCreditNoteMail, sendReceiptMails } from './mails';
import { creditNotePdf, type ReceiptDeps, receiptPdf } from './service';
import { statementPdf } from './statements';

function sendPdf(reply: FastifyReply, file: { filename: string; pdf: Buffer }) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.pdf);
}

/**
 * A PDF is the dearest read there is (milliseconds of drawing each, longer for a
 * statement): PDF_RATE_LIMIT_MAX downloads per account per 10 minutes, receipts and
 * statements together, ten times that per network.
 */
const downloadLimit = accountRateLimit({
  name: 'pdf',
  max: (config) => config.PDF_RATE_LIMIT_MAX,
  message: 'Too many downloads. Please wait a few minutes and try again.',
});

/** What a receipt job names. */
const PAYMENT_ID = z.uuid();

/**
 * A fetch of receipts waits while more than `busyAbove` requests are being answered, at
 * most `atMostMs` (decision 487): in a burst of donations the donors at the checkout come
 * first, their receipts are drawn once it has passed, and none waits for ever.
 */
export const RECEIPTS_GIVE_WAY = { busyAbove: 4, atMostMs: 2_000 };

/** Receipts, credit notes and yearly statements as PDF. */
const receiptsRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const org: Organisation = { name: config.ORG_NAME, address: config.ORG_ADDRESS };
  const printer = createPrinter({ threads: config.PDF_THREADS });
  // Statements on a thread of their own (decision 461): a long one (up to a second for
  // 10,000 gifts) never holds a receipt back, and statements asked at once wait for each
  // other, not for the receipts.
  const statementPrinter = createPrinter({ threads: 1 });
  app.addHook('onClose', async () => {
    await Promise.all([printer.close(), statementPrinter.close()]);
  });
  const deps: ReceiptDeps = { db: app.database.db, org, printer };

  // The receipt e-mails, queued by the statement that records each donation: a fetch of
  // jobs reads its payments in one statement and records its mails sent in one more.
  app.jobs.handleBatch(QUEUES.receiptMail, async (batch) => {
    await app.requestsInFlight.quiet(RECEIPTS_GIVE_WAY.busyAbove, RECEIPTS_GIVE_WAY.atMostMs);
    // A job naming no payment id has nothing to send (and would fail the batch's one read).
    const ids = batch.map((data) =>
      PAYMENT_ID.safeParse(data.paymentId).success ? (data.paymentId as string) : null,
    );
    // A payment named by two jobs of one fetch is read and mailed once.
    const asked = [...new Set(ids.filter((id): id is string => id !== null))];
    const outcomes = await sendReceiptMails(
      {
        ...deps,
        mailer: app.mailer,
        publicUrl: app.publicUrl,
        manageLink: (id) => manageLinkOfPayment(deps.db, config.authSecret, app.publicUrl, id),
      },
      asked,
      app.jobs.lanes(QUEUES.receiptMail),
    );
    const byPayment = new Map(asked.map((id, i) => [id, outcomes[i]!]));
    const failed = new Map<number, unknown>();
    await inLanes(ids, app.jobs.lanes(QUEUES.receiptMail), async (paymentId, i) => {
      if (paymentId === null) return;
      const outcome = byPayment.get(paymentId)!;
      try {
        if (outcome.error !== undefined) throw outcome.error;
        // A donor without an e-mail address gets it by SMS (a retried job, which mailed
        // nothing, asks again: the SMS is sent once by its own key).
        if (outcome.mailed && outcome.mailed.realEmail) return;
        await sendReceiptSms(
          { db: deps.db, sms: app.sms, secret: config.authSecret, publicUrl: app.publicUrl },
          paymentId,
        );
      } catch (err) {
        failed.set(i, err);
      }
    });
    return failed;
  });

  // A refund's mail with its credit note, queued once the refund is recorded.
  app.jobs.handle(QUEUES.creditNoteMail, async (data) => {
    if (typeof data.refundId !== 'string') return;
    await sendCreditNoteMail(
      { ...deps, mailer: app.mailer, publicUrl: app.publicUrl },
      data.refundId,
    );
  });

  route(
    app,
    receipts.creditNote,
    async ({ user, params, request, reply }) => {
      const isAdmin = hasAdminRights(config, user);
      const file = await creditNotePdf(
        deps,
        { id: user.id, isAdmin },
        params.refundId,
        request.language(),
      );
      return sendPdf(reply, file);
    },
    { preHandler: [downloadLimit] },
  );

  // The receipt behind a receipt SMS's signed link (no session: the link is the key).
  route(
    app,
    sms.receipt,
    async ({ params, request, reply }) => {
      const target = await readSmsLink(deps.db, config.authSecret, params.token);
      const file = await receiptPdf(
        deps,
        { id: target.userId, isAdmin: false },
        target.paymentId,
        request.language(),
      );
      return sendPdf(reply, file);
    },
    { preHandler: [downloadLimit] },
  );

  // In the donor's chosen language; a donor who never chose one gets the page's.
  route(
    app,
    receipts.receipt,
    async ({ user, params, request, reply }) => {
      const isAdmin = hasAdminRights(config, user);
      const file = await receiptPdf(
        deps,
        { id: user.id, isAdmin },
        params.paymentId,
        request.language(),
      );
      return sendPdf(reply, file);
    },
    { preHandler: [downloadLimit] },
  );

  // The fund's statement, in the reader's page language.
  route(
    app,
    receipts.fundStatement,
    async ({ user, params, request, reply }) => {
      const data = await fundStatementData(
        deps.db,
        { id: user.id, isAdmin: hasAdminRights(config, user) },
        params.id,
      );
      const pdf = await printer.fundStatement(org, data, request.language());
      return sendPdf(reply, { filename: `easyfund-fund-statement-${params.id}.pdf`, pdf });
    },
    { preHandler: [downloadLimit] },
  );

  route(
    app,
    receipts.statement,
    async ({ user, params, request, reply }) => {
      const file = await statementPdf(
        { ...deps, printer: statementPrinter },
        user,
        params.year,
        request.language(),
      );
      return sendPdf(reply, file);
    },
    { preHandler: [downloadLimit] },
  );
};

export default receiptsRoutes;
