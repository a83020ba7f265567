import { randomUUID } from 'node:crypto';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHALLENGE_HEADER } from '@easyfund/shared/schemas/challenge';
import { payments, session, testProcessorIntents, user } from '../src/db/schema';
import {
  networkPaymentState,
  networkStateValues,
  networkStateWith,
  PAYMENT_WINDOW_MS,
} from '../src/modules/payments/declines';
import { instrumentCapped } from '../src/modules/payments/limits';
import {
  buildTestApp,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
  urlOf,
} from './helper';
import {
  CARDS,
  confirmAtProcessor,
  confirmPayment,
  createIntent,
  createRaisedFund,
  fundTotals,
} from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

/** One carrier-grade NAT address: everyone below is behind it unless told otherwise. */
const CGNAT = '100.64.12.34';

/** A request as a client sends it: a session (cookie or bearer token), an address, headers. */
interface Client {
  headers: Record<string, string>;
}

type Inject = TestContext['app']['inject'];
type Response = Awaited<ReturnType<Inject>>;

function send(
  ctx: TestContext,
  who: Client | null,
  url: string,
  payload: object,
  opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(who?.headers ?? {}), ...(opts.headers ?? {}) },
    remoteAddress: opts.remoteAddress ?? CGNAT,
  });
}

/** What the browser does with a challenge: solves it (proof of work) and sends the solution. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A request that, like the web app, solves a challenge when asked for one and retries. */
async function sendSolving(
  ctx: TestContext,
  who: Client | null,
  url: string,
  payload: object,
  remoteAddress = CGNAT,
): Promise<Response> {
  const first = await send(ctx, who, url, payload, { remoteAddress });
  if (first.statusCode !== 403 || first.json().error.code !== 'challenge_required') return first;
  const header = await solve(first.json().error.challenge as Challenge);
  return send(ctx, who, url, payload, { remoteAddress, headers: { [CHALLENGE_HEADER]: header } });
}

/** Where a donation starts and is confirmed, from the payments contract. */
const INTENTS = urlOf(api.payments.createIntent);
const CONFIRM = urlOf(api.payments.confirm);

const cookieClient = (u: SignedInUser): Client => ({ headers: { cookie: u.cookie } });

/**
 * Many accounts at once, straight into the tables (a sign-up hashes a password: 1,000 of
 * them would take minutes), each with a session used as a bearer token, as a programmatic
 * client holds one after signing in.
 */
async function manyDonors(ctx: TestContext, n: number, emailVerified: boolean) {
  const rows = Array.from({ length: n }, () => {
    const id = randomUUID();
    return { id, name: 'Honest Donor', email: `donor-${id}@example.com`, emailVerified };
  });
  await ctx.db.insert(user).values(rows);
  const tokens = rows.map(() => randomUUID().replace(/-/g, ''));
  await ctx.db.insert(session).values(
    rows.map((r, i) => ({
      id: randomUUID(),
      token: tokens[i]!,
      userId: r.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    })),
  );
  return tokens.map((t): Client => ({ headers: { authorization: `Bearer ${t}` } }));
}

/** Intent → card at the processor → our confirmation, as the pay page does it. */
async function donateAs(
  ctx: TestContext,
  who: Client,
  fundId: string,
  card: string = CARDS.ok,
): Promise<{ intent: Response; status: string | null }> {
  const intent = await sendSolving(ctx, who, INTENTS, { fundId, amountTk: 100 });
  if (intent.statusCode !== 201) return { intent, status: null };
  const { intentId, clientSecret } = intent.json() as { intentId: string; clientSecret: string };
  await confirmAtProcessor(ctx, { intentId, clientSecret }, { number: card });
  const confirmed = await send(ctx, who, CONFIRM, { intentId });
  return { intent, status: (confirmed.json() as { status: string }).status };
}

const signInBody = (email: string, password: string) => ({ email, password });
const SIGN_IN = '/api/auth/sign-in/email';

describe('one carrier address: the attacker is stopped, the neighbourhood is not', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The shipped limits, except a quicker puzzle and a card capped after 5 declines.
    ctx = await buildTestApp({
      AUTH_RATE_LIMIT_MAX: '100',
      AUTH_EMAIL_RATE_LIMIT_MAX: '10',
      PAYMENT_RATE_LIMIT_MAX: '20',
      PAYMENT_INSTRUMENT_DECLINE_MAX: '5',
      CHALLENGE_DIFFICULTY: '2000',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    });
  });
  afterAll(() => ctx.close());

  it('1,000 honest donors pay while one attacker behind the same address gets nowhere', async () => {
    const fund = await createRaisedFund(ctx);
    const victim = await createSignedInUser(ctx, { email: 'victim@example.com' });

    // The attacker: 12 free (unverified) accounts, 20 unpaid intents each.
    const attackers = await manyDonors(ctx, 12, false);
    let unpaid = 0;
    for (const a of attackers) {
      for (let i = 0; i < 21; i++) {
        const res = await send(ctx, a, INTENTS, { fundId: fund.id, amountTk: 10 });
        if (res.statusCode === 201) unpaid++;
        else expect([403, 429]).toContain(res.statusCode);
      }
    }
    // Past 200 unfinished payments the network is hot: the rest are asked for a puzzle.
    expect(unpaid).toBe(200);
    const fresh = (await manyDonors(ctx, 1, false))[0]!;
    const challenged = await send(ctx, fresh, INTENTS, { fundId: fund.id, amountTk: 10 });
    expect(challenged.statusCode).toBe(403);
    expect(challenged.json().error).toMatchObject({
      code: 'challenge_required',
      challenge: { parameters: { algorithm: 'SHA-256' }, signature: expect.any(String) },
    });

    // Declines: one card tried again and again is capped, whichever account tries it.
    const tester = await createSignedInUser(ctx, { emailVerified: true });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const intent = (
        await createIntent(ctx, tester, { fundId: fund.id, amountTk: 10 }, '10.9.9.9')
      ).json() as { intentId: string; clientSecret: string };
      const card = await confirmAtProcessor(ctx, intent, { number: CARDS.declined });
      statuses.push(card.statusCode);
      await confirmPayment(ctx, tester, intent.intentId);
    }
    expect(statuses.slice(0, 5)).toEqual([402, 402, 402, 402, 402]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);

    // Bad sign-ins: the victim's address is locked after 10 tries, and the network's
    // failures bring the puzzle to every further sign-in from it.
    const signIns: number[] = [];
    for (let i = 0; i < 50; i++) {
      const email = i % 2 ? victim.email : `nobody-${i}@example.com`;
      signIns.push((await send(ctx, null, SIGN_IN, signInBody(email, 'wrong1'))).statusCode);
    }
    // 10 sign-ins for the victim's address (theirs was one), then 429 for it; 30 failures
    // from the network (AUTH_NETWORK_FAILURE_MAX), then every sign-in from it needs the puzzle.
    expect(signIns.slice(0, 19)).toEqual(Array(19).fill(401));
    expect(signIns.filter((s) => s === 401)).toHaveLength(30);
    expect(signIns.filter((s) => s === 429)).toHaveLength(11);
    expect(signIns.slice(41)).toEqual(Array(9).fill(403));

    // The neighbourhood: 1,000 verified donors, each starting a payment and paying with a
    // good card, and 10 new (unverified) ones whose browser solves the puzzle.
    const honest = await manyDonors(ctx, 1000, true);
    const newcomers = await manyDonors(ctx, 10, false);
    const outcomes: (string | null)[] = [];
    const everyone = [...honest, ...newcomers];
    for (let i = 0; i < everyone.length; i += 10) {
      const batch = everyone.slice(i, i + 10);
      const done = await Promise.all(batch.map((d) => donateAs(ctx, d, fund.id)));
      for (const { intent, status } of done) {
        if (status !== 'succeeded') throw new Error(`${intent.statusCode} ${intent.body}`);
        outcomes.push(status);
      }
    }
    expect(outcomes).toHaveLength(1010);
    expect(await fundTotals(ctx, fund.id)).toEqual({
      raisedPoisha: 1010 * 100 * 100,
      donationCount: 1010,
    });
    // An honest person signing in on that network: the browser solves the puzzle.
    const neighbour = await createSignedInUser(ctx, { email: 'neighbour@example.com' });
    const signedIn = await sendSolving(
      ctx,
      null,
      SIGN_IN,
      signInBody(neighbour.email, 'secret123'),
    );
    expect(signedIn.statusCode).toBe(200);

    // The attacker is still stopped: no puzzle solved, no payment; the capped card refused.
    const again = await send(ctx, fresh, INTENTS, { fundId: fund.id, amountTk: 10 });
    expect(again.json().error.code).toBe('challenge_required');
    const bad = await send(ctx, null, SIGN_IN, signInBody(victim.email, 'wrong1'));
    expect(bad.statusCode).toBe(403);
    const other = (
      await createIntent(ctx, tester, { fundId: fund.id, amountTk: 10 }, '10.9.9.8')
    ).json() as { intentId: string; clientSecret: string };
    const capped = await confirmAtProcessor(ctx, other, { number: CARDS.declined });
    expect(capped.statusCode).toBe(429);
  }, 600_000);
});

describe('limits per card, per wallet, and the puzzle', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      PAYMENT_INSTRUMENT_DECLINE_MAX: '2',
      PAYMENT_NETWORK_DECLINE_MAX: '1',
      AUTH_NETWORK_FAILURE_MAX: '2',
      CHALLENGE_DIFFICULTY: '2000',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    });
  });
  afterAll(() => ctx.close());

  it('caps a card declined too often, whichever account and network try it; other cards go on', async () => {
    const fund = await createRaisedFund(ctx);
    const start = async (ip: string) => {
      const who = await createSignedInUser(ctx);
      const intent = (
        await createIntent(ctx, who, { fundId: fund.id, amountTk: 10 }, ip)
      ).json() as { intentId: string; clientSecret: string };
      return { who, intent };
    };
    for (const ip of ['10.1.0.1', '10.1.0.2']) {
      const { who, intent } = await start(ip);
      expect(
        (await confirmAtProcessor(ctx, intent, { number: CARDS.insufficient })).statusCode,
      ).toBe(402);
      expect((await confirmPayment(ctx, who, intent.intentId)).json().status).toBe('failed');
    }
    const { who, intent } = await start('10.1.0.3');
    // The same card, typed with spaces or without: refused before the processor tries it.
    const refused = await confirmAtProcessor(ctx, intent, { number: '4000000000009995' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(instrumentCapped().message);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another card still pays the same payment.
    expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
    expect((await confirmPayment(ctx, who, intent.intentId)).json().status).toBe('succeeded');
  });

  it('caps a wallet number declined too often at the test checkout', async () => {
    const fund = await createRaisedFund(ctx);
    const checkout = async (ip: string) => {
      const who = await createSignedInUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: urlOf(api.payments.checkout),
        headers: { cookie: who.cookie },
        payload: { fundId: fund.id, amountTk: 500, method: 'bkash' },
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { redirectUrl: string }).redirectUrl;
    };
    const pay = (url: string, wallet: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ wallet, otp: '123456', action: 'pay' }).toString(),
      });
    for (const ip of ['10.2.0.1', '10.2.0.2']) {
      expect((await pay(await checkout(ip), '01700000002')).statusCode).toBe(200);
    }
    const url = await checkout('10.2.0.3');
    const refused = await pay(url, '017-0000-0002');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('declined too many times');
    // Another wallet pays.
    expect((await pay(url, '01700000000')).statusCode).toBe(200);
  });

  it('a hot network asks an unverified donor for a puzzle, once per solution; verified donors pass', async () => {
    const fund = await createRaisedFund(ctx);
    const hot = '100.64.77.1';
    const tester = await createSignedInUser(ctx, { emailVerified: false });
    const first = (
      await createIntent(ctx, tester, { fundId: fund.id, amountTk: 10 }, hot)
    ).json() as { intentId: string; clientSecret: string };
    await confirmAtProcessor(ctx, first, { number: CARDS.expired });
    await confirmPayment(ctx, tester, first.intentId);

    const someone = await createSignedInUser(ctx, { emailVerified: false });
    const newcomer = cookieClient(someone);
    const theirs = async () =>
      (
        await ctx.db
          .select({ id: payments.id, intent: testProcessorIntents.id })
          .from(payments)
          .leftJoin(testProcessorIntents, eq(testProcessorIntents.id, payments.providerPaymentId))
          .where(eq(payments.userId, someone.id))
      ).map((p) => [p.id, p.intent]);
    const body = { fundId: fund.id, amountTk: 10 };
    const asked = await send(ctx, newcomer, INTENTS, body, { remoteAddress: hot });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.code).toBe('challenge_required');
    expect(await theirs()).toEqual([]);
    const header = await solve(asked.json().error.challenge as Challenge);
    const withSolution = { remoteAddress: hot, headers: { [CHALLENGE_HEADER]: header } };
    const passed = await send(ctx, newcomer, INTENTS, body, withSolution);
    expect(passed.statusCode, passed.body).toBe(201);
    // Solved, the donation starts: its payment and its intent, once.
    expect(await theirs()).toEqual([[passed.json().paymentId, passed.json().intentId]]);
    // The same solution again: refused, with a new puzzle.
    const replayed = await send(ctx, newcomer, INTENTS, body, withSolution);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json().error.code).toBe('challenge_required');
    expect(await theirs()).toHaveLength(1);
    // A forged solution is no solution.
    const forged = JSON.parse(Buffer.from(header, 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number };
    };
    forged.solution.counter += 1;
    const wrong = await send(ctx, newcomer, INTENTS, body, {
      remoteAddress: hot,
      headers: { [CHALLENGE_HEADER]: Buffer.from(JSON.stringify(forged)).toString('base64') },
    });
    expect(wrong.statusCode).toBe(403);
    // A verified donor on the same network, and anyone on another one: nothing asked.
    const verified = cookieClient(await createSignedInUser(ctx));
    const ok = await send(ctx, verified, INTENTS, body, { remoteAddress: hot });
    expect(ok.statusCode).toBe(201);
    const elsewhere = await send(ctx, newcomer, INTENTS, body, { remoteAddress: '100.64.77.2' });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('failed sign-ins from a network bring the puzzle to its sign-ins, not a refusal', async () => {
    const net = '100.64.88.1';
    const person = await createSignedInUser(ctx, { email: 'person@example.com' });
    // Right passwords count nothing.
    for (let i = 0; i < 3; i++) {
      const ok = await send(ctx, null, SIGN_IN, signInBody(person.email, person.password), {
        remoteAddress: net,
      });
      expect(ok.statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const bad = await send(ctx, null, SIGN_IN, signInBody(person.email, 'wrong1'), {
        remoteAddress: net,
      });
      expect(bad.statusCode).toBe(401);
    }
    const asked = await send(ctx, null, SIGN_IN, signInBody(person.email, person.password), {
      remoteAddress: net,
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toMatchObject({
      code: 'challenge_required',
      challenge: { signature: expect.any(String) },
    });
    const solved = await sendSolving(
      ctx,
      null,
      SIGN_IN,
      signInBody(person.email, person.password),
      net,
    );
    expect(solved.statusCode).toBe(200);
    // Another network signs in without a puzzle.
    const other = await send(ctx, null, SIGN_IN, signInBody(person.email, person.password), {
      remoteAddress: '100.64.88.2',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('a network’s unfinished payments, counted up to its limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' });
  });
  afterAll(() => ctx.close());

  it('reads no more of them than the limit, and the same answer as counting them all', async () => {
    const fund = await createRaisedFund(ctx);
    const address = '100.64.77.1';
    // Five donors behind one address, each with a payment started and not finished.
    for (const donor of await manyDonors(ctx, 5, true)) {
      const res = await send(
        ctx,
        donor,
        INTENTS,
        { fundId: fund.id, amountTk: 10 },
        {
          remoteAddress: address,
        },
      );
      expect(res.statusCode).toBe(201);
    }
    const now = Date.now();
    const net = networkStateWith(ctx.db, 'net');
    const read = async (max: number) => {
      const [row] = await ctx.db
        .with(net)
        .select()
        .from(net)
        .prepare('')
        .execute(networkStateValues(address, now, max));
      return { unfinished: Number(row?.unfinished), oldest: new Date(row!.oldest!).getTime() };
    };
    const all = await read(100);
    expect(all.unfinished).toBe(5);
    // Up to the limit: the oldest of them is read all the same.
    expect(await read(3)).toEqual({ unfinished: 3, oldest: all.oldest });
    const state = (unfinished: number) =>
      networkPaymentState(ctx.db, address, { declines: 50, unfinished }, now);
    expect(await state(6)).toEqual({ allowed: true, retryAfter: 0 });
    const atLimit = await state(5);
    expect(atLimit.allowed).toBe(false);
    // It may start again once the oldest leaves the window.
    expect(atLimit.retryAfter).toBe(Math.ceil((all.oldest + PAYMENT_WINDOW_MS - now) / 1000));
    expect(await state(2)).toEqual(atLimit);
  });
});
