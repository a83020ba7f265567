import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { payments } from '@easyfund/shared/api/payments';
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '@easyfund/shared/constants';
import { asciiDigits } from '@easyfund/shared/digits';
import { formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { payments as paymentsTable } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { banglaFontFiles, webAssets } from '../pages/page-head';
import { clientNetwork, hitRateLimit } from '../../lib/rate-limit';
import { translate } from '../../lib/i18n';
import { instrumentOf } from '../../lib/payments/fingerprint';
import { TestCheckoutGateway, TEST_WALLET } from '../../lib/payments/test-gateway';
import { route } from '../../plugins/route';
import {
  abandonCheckout,
  byTranId,
  type CheckoutDeps,
  mayBeTranId,
  returnPath,
  settleCheckout,
  startCheckout,
} from './checkout';
import { instrumentState } from './declines';
import {
  countNoticeForPayment,
  countNoticeFromNetwork,
  instrumentCapped,
  paymentRateLimit,
  refuseGatewayNotice,
  slowSuspectNetwork,
} from './limits';
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
      // Starting a payment changes no account or session (plugins/auth.ts).
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

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WALLET_COLOURS: Record<string, string> = {
  bkash: '#c2185b',
  nagad: '#c2410c',
  rocket: '#7b2d8b',
};

export const TEST_PAGE_TEXTS = {
  title: 'Test checkout',
  banner: 'Test mode: no money moves. Use a test wallet number and the OTP 123456.',
  pay: 'Pay {{amount}} to Easy Fund with {{method}}',
  number: '{{method}} wallet number',
  otp: 'OTP',
  confirm: 'Confirm payment',
  cancel: 'Cancel payment',
  numbers: 'Test numbers',
  back: 'Return to Easy Fund',
  paid: 'Payment done. Return to Easy Fund to see it counted.',
  heldDone: 'Payment taken, but flagged for review. Return to Easy Fund.',
  failedDone: 'The wallet refused the payment. Return to Easy Fund.',
  cancelledDone: 'You cancelled the payment. Return to Easy Fund.',
  timedOut:
    'The wallet did not answer in time. Easy Fund will ask the gateway later and show the payment as soon as it is settled.',
  unknown: 'This checkout does not exist or has ended.',
} as const;

const OUTCOME_NAMES: Record<string, string> = {
  succeeds: 'succeeds',
  held: 'held for review (risky)',
  fails: 'fails',
  cancels: 'cancels',
  'times out': 'times out',
};

/**
 * The site's own Bengali faces for the weights the page uses (400, 600, 700), from the web
 * build: a phone without a Bengali font shows the page's Bangla, not empty boxes.
 */
function banglaFaces(webDist: string | undefined): string {
  if (!webDist) return '';
  const files = banglaFontFiles(webAssets(path.resolve(webDist)));
  return [400, 600, 700]
    .filter((w) => files[w])
    .map(
      (w) =>
        `@font-face{font-family:'Easy Fund Bengali';font-weight:${w};font-display:swap;src:url(/assets/${files[w]}) format('woff2');unicode-range:U+0964-0965,U+0980-09FE,U+200C-200D}`,
    )
    .join('');
}

function pageOf(lang: Language, body: string, fonts = ''): string {
  const t = (text: string) => esc(translate(lang, text));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t(TEST_PAGE_TEXTS.title)}</title>
<style>
${fonts}
body{font-family:system-ui,'Easy Fund Bengali',sans-serif;margin:0;background:#f4f4f5;color:#18181b}
button,input{font-family:inherit}
main{max-width:26rem;margin:0 auto;padding:1rem}
.banner{background:#fde68a;color:#713f12;padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin-top:1rem;box-shadow:0 1px 3px #0002}
label{display:block;margin-top:.75rem;font-weight:600}
input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;margin-top:.25rem;border:1px solid #a1a1aa;border-radius:.4rem}
button{width:100%;font-size:1rem;padding:.75rem;margin-top:1rem;border:0;border-radius:.5rem;color:#fff;background:#18181b;cursor:pointer}
button.secondary{background:#fff;color:#18181b;border:1px solid #a1a1aa}
.error{color:#b91c1c;font-weight:600;margin-top:.75rem}
.wallet{color:#fff;padding:.75rem 1rem;border-radius:.5rem;font-size:1.25rem;font-weight:700}
ul{padding-left:1.2rem}
</style></head><body><main>
<p class="banner" role="note">${t(TEST_PAGE_TEXTS.banner)}</p>
${body}
</main></body></html>`;
}

function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

const TOO_MANY_TRIES = 'Too many tries for this payment. Please start the payment again.';

/** The test checkout page and its form: a wallet number and an OTP, nothing more. */
function registerTestCheckoutPage(app: FastifyInstance, gateway: TestCheckoutGateway) {
  const fonts = banglaFaces(app.config.WEB_DIST);
  const page = (lang: Language, body: string) => pageOf(lang, body, fonts);
  // The wallet-number and code form has no account: a few tries per checkout session, as a
  // gateway allows, and a wallet declined too often is refused (decision 454). A network
  // is not counted: thousands of wallet owners share one carrier-grade NAT address.
  const TRIES_PER_SESSION = 5;

  function checkoutForm(
    lang: Language,
    session: { sessionKey: string; method: string; amountPoisha: number },
    error: string | null,
    number = '',
  ) {
    const t = (text: string, values: Record<string, string> = {}) =>
      esc(translate(lang, text, values));
    const method = PAYMENT_METHOD_NAMES[session.method as PaymentMethod] ?? session.method;
    const amount = formatTk(session.amountPoisha, lang);
    const action = `/test-gateway/${encodeURIComponent(session.sessionKey)}`;
    const numbers = Object.entries(TEST_WALLET.numbers)
      .map(([n, what]) => `<li><code>${n}</code> ${t(OUTCOME_NAMES[what] ?? what)}</li>`)
      .join('');
    return page(
      lang,
      `<div class="card">
<h1 class="wallet" style="background:${WALLET_COLOURS[session.method] ?? '#18181b'}">${esc(method)}</h1>
<p>${t(TEST_PAGE_TEXTS.pay, { amount, method })}</p>
<form method="post" action="${action}">
<label for="wallet">${t(TEST_PAGE_TEXTS.number, { method })}</label>
<input id="wallet" name="wallet" inputmode="numeric" autocomplete="tel" maxlength="14" value="${esc(number)}" required>
<label for="otp">${t(TEST_PAGE_TEXTS.otp)}</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required>
${error ? `<p class="error" role="alert">${t(error)}</p>` : ''}
<button type="submit" name="action" value="pay">${t(TEST_PAGE_TEXTS.confirm)}</button>
</form>
<form method="post" action="${action}"><button class="secondary" type="submit" name="action" value="cancel">${t(TEST_PAGE_TEXTS.cancel)}</button></form>
</div>
<div class="card"><h2>${t(TEST_PAGE_TEXTS.numbers)}</h2><ul>${numbers}</ul><p>${t(TEST_PAGE_TEXTS.otp)}: <code>${TEST_WALLET.otp}</code></p></div>`,
    );
  }

  /** The gateway's return: a form posting SSLCommerz's fields to our return address. */
  function returnForm(
    lang: Language,
    target: string,
    fields: Record<string, string>,
    text: string,
  ) {
    const t = (s: string) => esc(translate(lang, s));
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    return page(
      lang,
      `<div class="card"><p role="status">${t(text)}</p>
<form method="post" action="${esc(new URL(target).pathname)}">${inputs}<button type="submit">${t(TEST_PAGE_TEXTS.back)}</button></form></div>`,
    );
  }

  // Pages of the test gateway, not part of our API: kept out of the OpenAPI document.
  app.get<{ Params: { sessionKey: string } }>(
    '/test-gateway/:sessionKey',
    { schema: { hide: true } },
    async (request, reply) => {
      const lang = request.language();
      const session = await gateway.session(request.params.sessionKey);
      if (!session || session.status !== 'PENDING') {
        return sendPage(
          reply,
          page(
            lang,
            `<div class="card"><p role="alert">${esc(translate(lang, TEST_PAGE_TEXTS.unknown))}</p></div>`,
          ),
          404,
        );
      }
      return sendPage(reply, checkoutForm(lang, session, null));
    },
  );

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, new URLSearchParams(body as string)),
    );
    scope.post<{ Params: { sessionKey: string }; Body: URLSearchParams }>(
      '/test-gateway/:sessionKey',
      { schema: { hide: true } },
      async (request, reply) => {
        const lang = request.language();
        const key = request.params.sessionKey;
        const session = await gateway.session(key);
        const fields =
          request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        if (!session || session.status !== 'PENDING') {
          return sendPage(
            reply,
            page(
              lang,
              `<div class="card"><p role="alert">${esc(translate(lang, TEST_PAGE_TEXTS.unknown))}</p></div>`,
            ),
            404,
          );
        }
        if (fields.get('action') === 'cancel') {
          const cancelled = await gateway.cancel(key);
          if (cancelled) await notify(app, session.ipnUrl, cancelled);
          return sendPage(
            reply,
            returnForm(lang, session.cancelUrl, cancelled ?? {}, TEST_PAGE_TEXTS.cancelledDone),
          );
        }
        const number = asciiDigits(fields.get('wallet') ?? '');
        const { database, config } = request.server;
        const tries = await hitRateLimit(
          database.db,
          `test-checkout:${key}`,
          TRIES_PER_SESSION,
          24 * 60 * 60_000,
        );
        const capped = /^01\d{9}$/.test(number.replace(/[\s-]/g, ''))
          ? await instrumentState(
              database.db,
              instrumentOf('wallet', number),
              config.PAYMENT_INSTRUMENT_DECLINE_MAX,
            )
          : { allowed: true };
        if (!tries.allowed || !capped.allowed) {
          const why = tries.allowed ? instrumentCapped().message : TOO_MANY_TRIES;
          return sendPage(reply, checkoutForm(lang, session, translate(lang, why), number), 429);
        }
        const result = await gateway.complete(key, number, fields.get('otp') ?? '');
        if (!result.ok)
          return sendPage(reply, checkoutForm(lang, session, result.message, number), 422);
        if (result.outcome === 'times out') {
          return sendPage(
            reply,
            page(
              lang,
              `<div class="card"><p role="status">${esc(translate(lang, TEST_PAGE_TEXTS.timedOut))}</p><p><a href="/dashboard/paymenthistory">${esc(translate(lang, TEST_PAGE_TEXTS.back))}</a></p></div>`,
            ),
          );
        }
        // As SSLCommerz does: the IPN to our listener first, then the browser's return.
        await notify(app, session.ipnUrl, result.fields);
        const [target, text] =
          result.outcome === 'succeeds'
            ? [session.successUrl, TEST_PAGE_TEXTS.paid]
            : result.outcome === 'held'
              ? [session.successUrl, TEST_PAGE_TEXTS.heldDone]
              : result.outcome === 'fails'
                ? [session.failUrl, TEST_PAGE_TEXTS.failedDone]
                : [session.cancelUrl, TEST_PAGE_TEXTS.cancelledDone];
        return sendPage(reply, returnForm(lang, target, result.fields, text));
      },
    );
  });
}

/** Posts a notification to our IPN listener, through the whole HTTP pipeline. */
async function notify(app: FastifyInstance, ipnUrl: string, fields: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: new URL(ipnUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  if (res.statusCode >= 400) app.log.warn({ status: res.statusCode }, 'test checkout IPN refused');
}
