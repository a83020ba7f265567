import type { FastifyInstance } from 'fastify';
import { payments } from '@easyfund/shared/api/payments';
import { payments as paymentsTable } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { clientNetwork } from '../../lib/rate-limit-keys';
import { TestCheckoutGateway } from './providers/test-gateway';
import { route } from '../../plugins/route';
import { byTranId, type CheckoutDeps, mayBeTranId, returnPath, startCheckout } from './checkout';
import { abandonCheckout, settleCheckout } from './checkout-settlement';
import {
  countNoticeForPayment,
  countNoticeFromNetwork,
  paymentRateLimit,
  refuseGatewayNotice,
  slowSuspectNetwork,
} from './limits';
import { registerTestCheckoutPage } from './test-checkout-page';
import { findUserPayment } from './views';

const form = (body: Buffer) => new URLSearchParams(body.toString('utf8'));

/**
 * The hosted checkout: starting it, the gateway's IPN and the browser's return (both
 * posted cross-site by the gateway, so outside the same-origin check), and in the
 * embedded default the test checkout's own page.
 */
export function registerCheckoutRoutes(app: FastifyInstance) {
  const gateway = app.checkout;
  const deps = (): CheckoutDeps => {
    if (!gateway) throw new NotFound('Checkout');
    return {
      db: app.database.db,
      gateway,
      publicUrl: app.config.publicUrl,
      log: app.log,
      jobs: app.jobs,
    };
  };

  route(
    app,
    payments.checkout,
    ({ user, body, request }) =>
      startCheckout(deps(), user, body, request.language(), clientNetwork(request.ip)),
    {
      preHandler: [slowSuspectNetwork, paymentRateLimit('checkout')],
      // Starting a payment changes no account or session (plugins/session.ts).
      config: { keepsSessions: true },
    },
  );

  route(app, payments.one, async ({ user, params }) => {
    const payment = await findUserPayment(app.database.db, user.id, params.paymentId);
    if (!payment) throw new NotFound('Payment');
    return payment;
  });

  route(
    app,
    payments.sslcommerzIpn,
    async ({ body, request, reply }) => {
      const d = deps();
      const fields = form(body);
      const tranId = fields.get('tran_id') ?? '';
      // Throttled per network, then the store's signature, then throttled per payment: a
      // forged notification costs one counter and one md5, never a call to the gateway.
      const fromNetwork = await countNoticeFromNetwork(request);
      if (!fromNetwork.allowed) refuseGatewayNotice(reply, fromNetwork.retryAfter);
      if (!d.gateway.verifyNotice(fields)) {
        d.log.warn({ tranId }, 'IPN without a valid signature of our store; ignored');
        return { received: true as const, outcome: 'ignored' as const };
      }
      const forPayment = await countNoticeForPayment(request, tranId);
      if (!forPayment.allowed) refuseGatewayNotice(reply, forPayment.retryAfter);
      const storeId = fields.get('store_id');
      if (storeId && storeId !== d.gateway.storeId) {
        d.log.warn({ storeId }, 'IPN for another store; ignored');
        return { received: true as const, outcome: 'ignored' as const };
      }
      const valId = fields.get('val_id') ?? undefined;
      const status = (fields.get('status') ?? '').toUpperCase();
      // FAILED / CANCELLED notifications: the same as the browser's fail and cancel.
      if (!valId && (status === 'FAILED' || status === 'CANCELLED')) {
        const outcome = await abandonCheckout(
          d,
          tranId,
          status === 'CANCELLED' ? 'cancel' : 'fail',
        );
        return { received: true as const, outcome };
      }
      const outcome = await settleCheckout(d, tranId, valId);
      return { received: true as const, outcome };
    },
    { bodyLimit: 64 * 1024 },
  );

  route(
    app,
    payments.sslcommerzReturn,
    async ({ params, body, request, reply }) => {
      const d = deps();
      const fields = form(body);
      const tranId = fields.get('tran_id') ?? '';
      // As the IPN: throttled, then signed. A return that is neither still takes the donor
      // to the pay page, where the IPN or the reconciliation shows the payment settled.
      const trusted =
        (await countNoticeFromNetwork(request)).allowed &&
        d.gateway.verifyNotice(fields) &&
        (await countNoticeForPayment(request, tranId)).allowed;
      if (!trusted) d.log.warn({ tranId }, 'return from the gateway not settled here');
      try {
        if (!trusted) {
          // Nothing of it is believed, and the gateway is asked nothing.
        } else if (params.result === 'success') {
          await settleCheckout(d, tranId, fields.get('val_id') ?? undefined);
        } else {
          await abandonCheckout(d, tranId, params.result);
        }
      } catch (err) {
        // The gateway's API is down: the pay page says "being processed" and the
        // IPN or the reconciliation settles it later.
        d.log.warn({ err, tranId }, 'could not settle on the browser return');
      }
      return reply.redirect(returnPath(await paymentOf(app, tranId)), 303);
    },
    { bodyLimit: 64 * 1024 },
  );

  if (gateway instanceof TestCheckoutGateway) registerTestCheckoutPage(app, gateway);
}

async function paymentOf(app: FastifyInstance, tranId: string) {
  if (!mayBeTranId(tranId)) return null;
  const [row] = await app.database.db
    .select({ id: paymentsTable.id, fundId: paymentsTable.fundId })
    .from(paymentsTable)
    .where(byTranId(tranId));
  return row ?? null;
}
