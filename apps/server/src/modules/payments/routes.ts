import type { FastifyPluginAsync } from 'fastify';
import { payments } from '@easyfund/shared/api/payments';
import { NotFound } from '../../lib/errors';
import { clientNetwork } from '../../lib/rate-limit-keys';
import { sendCached } from '../../lib/micro-cache';
import { syncLedgerMode } from '../ledger/mode';
import { instrumentOf } from './providers/fingerprint';
import { TestPaymentProvider } from './providers/test-provider';
import { route } from '../../plugins/route';
import { registerCheckoutRoutes } from './gateway-routes';
import { instrumentCap, paymentCount, suspectNetworkCheck } from './limits';
import { registerReconciler } from './reconcile-job';
import { recordPanelRefund, refundDonation } from './gateway-refunds';
import { reviewHeldPayment } from './review';
import { confirmPayment, createPaymentIntent, type PaymentDeps } from './service';
import {
  findPayment,
  listHeldPayments,
  listMyPayments,
  listMyUnsettled,
  paymentDetail,
  searchPayments,
} from './views';
import { handleWebhook } from './webhook';

/** Payments: intents, confirmation, the history, the embedded processor, the Stripe webhook. */
const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const deps: PaymentDeps = {
    db: app.database.db,
    provider: app.payments,
    checkout: app.checkout,
    publicUrl: app.config.publicUrl,
    log: app.log,
    mailQueue: app.mailQueue,
    jobs: app.jobs,
  };

  // Fund totals count the payments of the provider's mode (decision 206): settled before
  // the server answers, while the rest of it registers.
  const ledgerSynced = syncLedgerMode(deps.db, app.payments.mode);
  ledgerSynced.catch(() => {});
  app.addHook('onReady', async () => {
    await ledgerSynced;
  });

  route(app, payments.config, () => ({
    provider: app.config.paymentProvider,
    publishableKey: app.payments.publishableKey,
    checkoutMethods: [...(app.checkout?.methods ?? [])],
    testMode: app.config.paymentProvider === 'test',
    mode: app.payments.mode,
  }));
  registerCheckoutRoutes(app);
  // A donation's steps change no account or session: signed-in donors' sessions stay
  // cached across them (plugins/session.ts). The intent's first statement also reads the
  // network of a donor not yet verified (`slowSuspectNetwork`'s check).
  route(
    app,
    payments.createIntent,
    ({ user, body, request, reply }) =>
      createPaymentIntent(
        deps,
        user,
        body,
        request.language(),
        clientNetwork(request.ip),
        paymentCount('intent', request, reply),
        suspectNetworkCheck(request),
      ),
    { config: { keepsSessions: true } },
  );
  // Both count against the donor's payment limit (decision 448) in their first statement.
  route(
    app,
    payments.confirm,
    ({ user, body, request, reply }) =>
      confirmPayment(deps, user, body, paymentCount('confirm', request, reply)),
    { config: { keepsSessions: true } },
  );
  // A donor's history is read far more often than it changes: served for at most
  // PUBLIC_CACHE_MS per process, keyed by the person and page; any write on this process
  // (a payment among them) empties it first, so the donor reads their own payment at once.
  const historyCache = app.publicCache.create(4096);
  route(app, payments.mine, ({ user, query, request, reply }) =>
    sendCached(
      request,
      reply,
      historyCache,
      JSON.stringify([user.id, query.page, query.pageSize]),
      () => listMyPayments(deps.db, user, query),
      { personal: true },
    ),
  );
  route(app, payments.unsettled, ({ user, query }) => listMyUnsettled(deps.db, user, query.fundId));
  route(app, payments.search, ({ query }) => searchPayments(deps.db, query));
  route(app, payments.detail, async ({ params }) => {
    const refunders = [app.payments.name, ...(app.checkout ? [app.checkout.name] : [])];
    const detail = await paymentDetail(
      deps.db,
      params.paymentId,
      refunders,
      app.checkout?.name ?? null,
    );
    if (!detail) throw new NotFound('Payment');
    return detail;
  });
  route(app, payments.refund, ({ user, params, body, request }) =>
    refundDonation(deps, { id: user.id, lang: request.language() }, params.paymentId, body),
  );
  route(app, payments.panelRefund, ({ user, params, body, request }) =>
    recordPanelRefund(deps, { id: user.id, lang: request.language() }, params.paymentId, body),
  );
  // Payments held for review, of any provider: recorded at what the provider took, or refunded.
  route(app, payments.held, ({ query }) => listHeldPayments(deps.db, query));
  route(app, payments.review, async ({ params, body, user, request }) => {
    await reviewHeldPayment(
      deps,
      params.paymentId,
      body.decision,
      body.reason,
      user.id,
      request.language(),
    );
    const payment = await findPayment(deps.db, params.paymentId);
    if (!payment) throw new NotFound('Payment');
    return payment;
  });

  // The embedded processor's own endpoint: the card goes here, never to our donation
  // endpoints. Authorised by the client secret.
  route(
    app,
    payments.testConfirm,
    async ({ params, body, request, reply }) => {
      const processor = app.payments;
      if (!(processor instanceof TestPaymentProvider)) throw new NotFound('Test processor');
      // A card declined too often today is refused whoever tries it (decision 454), read
      // in the statement that tries it; the processor itself allows a few cards per
      // intent. No network is counted here.
      return processor.confirm(
        params.intentId,
        body.clientSecret,
        body.card,
        new Date(),
        instrumentCap(request, reply, instrumentOf('card', body.card.number)),
      );
    },
    { config: { keepsSessions: true } },
  );

  // Stripe signs the raw bytes: the contract's `rawBody` keeps the body as a Buffer.
  route(
    app,
    payments.stripeWebhook,
    ({ body, request }) => {
      const signature = request.headers['stripe-signature'];
      return handleWebhook(deps, body, Array.isArray(signature) ? signature[0] : signature);
    },
    { bodyLimit: 512 * 1024 },
  );

  registerReconciler(app, deps);
};

export default paymentsRoutes;
