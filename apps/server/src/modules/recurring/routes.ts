import type { FastifyPluginAsync } from 'fastify';
import { recurring } from '@easyfund/shared/api/recurring';
import { NotFound } from '../../lib/errors';
import { QUEUES } from '../../lib/job-queue';
import { TestPaymentProvider } from '../payments/providers/test-provider';
import { instrumentOf } from '../payments/providers/fingerprint';
import { hasAdminRights } from '../../plugins/session';
import { route } from '../../plugins/route';
import { paymentRateLimit, refuseCappedInstrument } from '../payments/limits';
import {
  activateGift,
  changeCard,
  changeGiftByToken,
  changeMyGift,
  fundIncome,
  giftByToken,
  listMyGifts,
  startGift,
} from './service';
import { runDueGifts } from './charges';
import { recurringDeps } from './deps';
import { ramadanHistory, ramadanNow, setRamadan } from './ramadan';
import { readManageToken } from './token';

/** Monthly gifts (decision 250): the donor's routes, the signed links, the job. */
const recurringRoutes: FastifyPluginAsync = async (app) => {
  const deps = recurringDeps(app);
  const secret = app.config.authSecret;

  route(
    app,
    recurring.start,
    ({ user, body, request }) => startGift(deps, user, body, request.language()),
    { preHandler: [paymentRateLimit('intent')] },
  );
  route(app, recurring.activate, ({ user, params }) => activateGift(deps, user, params.giftId), {
    preHandler: [paymentRateLimit('confirm')],
  });
  route(app, recurring.changeCard, ({ user, params }) => changeCard(deps, user, params.giftId), {
    preHandler: [paymentRateLimit('intent')],
  });
  route(app, recurring.mine, ({ user }) => listMyGifts(deps, user));
  route(app, recurring.change, ({ user, params, body }) =>
    changeMyGift(deps, user, params.giftId, body),
  );
  route(app, recurring.byToken, ({ params }) =>
    giftByToken(deps, readManageToken(secret, params.token)),
  );
  route(app, recurring.changeByToken, ({ params, body }) =>
    changeGiftByToken(deps, readManageToken(secret, params.token), body),
  );
  route(app, recurring.fundIncome, ({ user, params }) =>
    fundIncome(deps.db, user, hasAdminRights(app.config, user), params.fundId),
  );

  route(app, recurring.ramadan, () => ramadanNow(deps.db));
  route(app, recurring.setRamadan, ({ user, body }) => setRamadan(deps.db, user, body));
  route(app, recurring.ramadanHistory, () => ramadanHistory(deps.db));

  // The embedded processor's own endpoint for saving a card: authorised by the client secret.
  route(app, recurring.testConfirmSetup, async ({ params, body, request, reply }) => {
    const processor = app.payments;
    if (!(processor instanceof TestPaymentProvider)) throw new NotFound('Test processor');
    await refuseCappedInstrument(request, reply, instrumentOf('card', body.card.number));
    return processor.confirmSetup(params.setupIntentId, body.clientSecret, body.card);
  });

  app.jobs.handle(QUEUES.recurringGifts, async () => {
    await runDueGifts(deps);
  });
};

export default recurringRoutes;
