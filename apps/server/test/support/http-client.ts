/**
 * A small client of the real HTTP API, as a browser or a script uses it: sign-in with
 * the session cookie, and the whole card donation (intent → processor → confirm).
 */

/** The site's public address (PUBLIC_URL) that the processes under test are given: a
 *  browser sends it as Origin, and the identity layer refuses POSTs without it. */
export const PUBLIC_ORIGIN = 'http://127.0.0.1:8080';

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** What `http()` sends and what it reads back. */
export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}
export type Transport = (
  url: URL,
  req: TransportRequest,
) => Promise<{ status: number; text: string; headers: Headers }>;

const fetchTransport: Transport = async (url, req) => {
  const res = await fetch(url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal: AbortSignal.timeout(req.timeoutMs),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
};

let transport = fetchTransport;

/**
 * How `http()` (and so the donation steps) reach the server: `fetch`, as a browser, unless a
 * benchmark sets a cheaper client whose own processor time does not crowd out the server's
 * on the same machine. `undefined` restores `fetch`.
 */
export function setTransport(next: Transport | undefined): void {
  transport = next ?? fetchTransport;
}

export async function http<T = unknown>(
  baseUrl: string,
  method: string,
  url: string,
  opts: {
    cookie?: string;
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { origin: PUBLIC_ORIGIN, ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await transport(new URL(url, baseUrl), {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    timeoutMs: opts.timeoutMs ?? 15_000,
  });
  let body: unknown = res.text;
  if (res.headers.get('content-type')?.includes('json') && res.text) body = JSON.parse(res.text);
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Signs in over HTTP and returns the session cookie header. */
export async function signInHttp(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(new URL('/api/auth/sign-in/email', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN, ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Signs up a new account (role user) over HTTP, then signs in (sign-up itself signs
 * nobody in: it answers the same for an address that already has an account), and
 * returns the session cookie.
 */
export async function signUpHttp(
  baseUrl: string,
  email: string,
  password = 'secret123',
  headers: Record<string, string> = {},
) {
  const res = await fetch(new URL('/api/auth/sign-up/email', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN, ...headers },
    body: JSON.stringify({ name: 'Donor', email, password, image: '/images/avatar.svg' }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  return signInHttp(baseUrl, email, password, headers);
}

export const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
} as const;

export interface Intent {
  paymentId: string;
  provider: string;
  intentId: string;
  clientSecret: string;
  amountPoisha: number;
}

export interface DonationOutcome {
  intent: Intent;
  /** The processor's answer to the card (what the browser saw). */
  processorStatus: number;
  /** Our server's verdict after re-reading the intent. */
  status: 'succeeded' | 'failed' | 'pending';
}

/** Creates a payment intent on our API. */
export async function createIntent(
  baseUrl: string,
  cookie: string,
  fundId: string,
  amountTk: number,
) {
  const res = await http<Intent>(baseUrl, 'POST', '/api/payments/intents', {
    cookie,
    body: { fundId, amountTk },
  });
  if (res.status !== 200 && res.status !== 201) {
    throw new Error(`intent: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** What the browser does with the card: straight to the embedded processor. */
export async function confirmWithProcessor(baseUrl: string, intent: Intent, card: string) {
  const next = new Date().getFullYear() + 2;
  return http(baseUrl, 'POST', `/api/test-processor/payment_intents/${intent.intentId}/confirm`, {
    body: {
      clientSecret: intent.clientSecret,
      card: { number: card, expMonth: 12, expYear: next, cvc: '123' },
      billing: { name: 'Load Donor', email: 'donor@example.com' },
    },
  });
}

/** Asks our server to record the outcome (it re-reads the intent from the processor). */
export async function confirmDonation(baseUrl: string, cookie: string, intentId: string) {
  return http<{ status: 'succeeded' | 'failed' | 'pending' }>(
    baseUrl,
    'POST',
    '/api/payments/confirm',
    { cookie, body: { intentId } },
  );
}

/** One whole card donation through the real API. */
export async function donate(
  baseUrl: string,
  cookie: string,
  fundId: string,
  amountTk: number,
  card: string = CARDS.ok,
): Promise<DonationOutcome> {
  const intent = await createIntent(baseUrl, cookie, fundId, amountTk);
  const processor = await confirmWithProcessor(baseUrl, intent, card);
  const confirmed = await confirmDonation(baseUrl, cookie, intent.intentId);
  if (confirmed.status !== 200) {
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  }
  return { intent, processorStatus: processor.status, status: confirmed.body.status };
}

/** Posts a form as a browser does (the test checkout's page, the gateway's return). */
async function postForm(baseUrl: string, url: string, fields: Record<string, string>) {
  const res = await fetch(new URL(url, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
}

/**
 * A wallet donation through the embedded test checkout, over HTTP as a browser makes
 * it: start the checkout → wallet number and OTP on the test page (which notifies our
 * IPN listener) → the browser's return to the success address → ask about the payment.
 */
export async function donateByWallet(
  baseUrl: string,
  cookie: string,
  fundId: string,
  amountTk: number,
  method: 'bkash' | 'nagad' | 'rocket' = 'bkash',
): Promise<{ paymentId: string; status: string }> {
  const started = await http<{ paymentId: string; redirectUrl: string }>(
    baseUrl,
    'POST',
    '/api/payments/checkout',
    { cookie, body: { fundId, amountTk, method } },
  );
  if (started.status !== 201) throw new Error(`checkout: ${started.status}`);
  const { paymentId, redirectUrl } = started.body;
  const page = await postForm(baseUrl, redirectUrl, {
    wallet: '01700000000',
    otp: '123456',
    action: 'pay',
  });
  if (page.status !== 200) throw new Error(`test checkout: ${page.status}`);
  const action = /<form method="post" action="([^"]+)">/.exec(page.text)?.[1] ?? '';
  const fields = Object.fromEntries(
    [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const back = await postForm(baseUrl, action, fields);
  if (back.status !== 303) throw new Error(`return: ${back.status}`);
  const payment = await http<{ status: string }>(baseUrl, 'GET', `/api/me/payments/${paymentId}`, {
    cookie,
  });
  return { paymentId, status: payment.body.status };
}
