import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '@easyfund/shared/constants';
import { asciiDigits } from '@easyfund/shared/digits';
import { formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { fillHtml, readHtmlParts } from '../../lib/html-template';
import { hitRateLimit } from '../../db/rate-limit-store';
import { translate } from '../../lib/i18n';
import { instrumentOf } from './providers/fingerprint';
import { type TestCheckoutGateway, TEST_WALLET } from './providers/test-gateway';
import { banglaFontFiles, webAssets } from '../pages/page-head';
import { instrumentState } from './declines';
import { instrumentCapped } from './limits';

/** The page's HTML, read once at start: beside this file, and beside the compiled server
 *  (scripts/build-server.mjs copies it). */
const PARTS = readHtmlParts(new URL('./test-checkout-page.html', import.meta.url), [
  'page',
  'checkout',
  'error',
  'test-number',
  'return',
  'hidden',
  'unknown',
  'timed-out',
] as const);

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
  return fillHtml(PARTS.page, {
    lang,
    title: translate(lang, TEST_PAGE_TEXTS.title),
    fonts,
    banner: translate(lang, TEST_PAGE_TEXTS.banner),
    body,
  });
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
export function registerTestCheckoutPage(app: FastifyInstance, gateway: TestCheckoutGateway) {
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
    const t = (text: string, values: Record<string, string> = {}) => translate(lang, text, values);
    const method = PAYMENT_METHOD_NAMES[session.method as PaymentMethod] ?? session.method;
    const amount = formatTk(session.amountPoisha, lang);
    const numbers = Object.entries(TEST_WALLET.numbers)
      .map(([n, what]) =>
        fillHtml(PARTS['test-number'], { number: n, outcome: t(OUTCOME_NAMES[what] ?? what) }),
      )
      .join('');
    return page(
      lang,
      fillHtml(PARTS.checkout, {
        colour: WALLET_COLOURS[session.method] ?? '#18181b',
        method,
        pay: t(TEST_PAGE_TEXTS.pay, { amount, method }),
        action: `/test-gateway/${encodeURIComponent(session.sessionKey)}`,
        numberLabel: t(TEST_PAGE_TEXTS.number, { method }),
        number,
        otpLabel: t(TEST_PAGE_TEXTS.otp),
        error: error ? fillHtml(PARTS.error, { text: t(error) }) : '',
        confirm: t(TEST_PAGE_TEXTS.confirm),
        cancel: t(TEST_PAGE_TEXTS.cancel),
        numbersTitle: t(TEST_PAGE_TEXTS.numbers),
        numbers,
        otp: TEST_WALLET.otp,
      }),
    );
  }

  /** The gateway's return: a form posting SSLCommerz's fields to our return address. */
  function returnForm(
    lang: Language,
    target: string,
    fields: Record<string, string>,
    text: string,
  ) {
    const inputs = Object.entries(fields)
      .map(([name, value]) => fillHtml(PARTS.hidden, { name, value }))
      .join('');
    return page(
      lang,
      fillHtml(PARTS.return, {
        text: translate(lang, text),
        target: new URL(target).pathname,
        inputs,
        back: translate(lang, TEST_PAGE_TEXTS.back),
      }),
    );
  }

  const unknownPage = (lang: Language) =>
    page(lang, fillHtml(PARTS.unknown, { text: translate(lang, TEST_PAGE_TEXTS.unknown) }));

  // Pages of the test gateway, not part of our API: kept out of the OpenAPI document.
  app.get<{ Params: { sessionKey: string } }>(
    '/test-gateway/:sessionKey',
    { schema: { hide: true } },
    async (request, reply) => {
      const lang = request.language();
      const session = await gateway.session(request.params.sessionKey);
      if (!session || session.status !== 'PENDING') {
        return sendPage(reply, unknownPage(lang), 404);
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
          return sendPage(reply, unknownPage(lang), 404);
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
              fillHtml(PARTS['timed-out'], {
                text: translate(lang, TEST_PAGE_TEXTS.timedOut),
                back: translate(lang, TEST_PAGE_TEXTS.back),
              }),
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
