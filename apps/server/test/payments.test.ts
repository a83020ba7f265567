import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MSG } from '@easyfund/shared/schemas/payments';
import { buildApp } from '../src/app';
import { cartItems, payments, testProcessorIntents } from '../src/db/schema';
import { CARD_ERRORS } from '../src/modules/payments/providers/test-cards';
import { QUEUES } from '../src/lib/job-queue';
import { TestPaymentProvider } from '../src/modules/payments/providers/test-provider';
import { markDeclined } from '../src/modules/payments/declines';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile-pending';
import { PAYMENT_MESSAGES } from '../src/modules/payments/service';
import {
  buildTestApp,
  createSignedInUser,
  type SignedInUser,
  as,
  useTestApp,
  urlOf,
} from './helper';
import {
  CARDS,
  confirmAtProcessor,
  confirmPayment,
  createIntent,
  createRaisedFund,
  declinesCounted,
  donate,
  fundTotals,
  paymentCount,
  paymentRows,
} from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, donor } = useTestApp({ donor: { name: 'Nusrat Donor' } });

const silentLog = { warn() {}, error() {} };

describe('starting a payment', () => {
  it('tells the pay page that the embedded test processor is in use', async () => {
    const res = await as(ctx).call(api.payments.config);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'test',
      publishableKey: null,
      checkoutMethods: ['bkash', 'nagad', 'rocket'],
      testMode: true,
      mode: 'test',
    });
  });

  it('answers 401 to a signed-out visitor and records nothing', async () => {
    const fund = await createRaisedFund(ctx);
    const res = await as(ctx).call(api.payments.createIntent, {
      body: { fundId: fund.id, amountTk: 500 },
    });
    expect(res.statusCode).toBe(401);
    const confirm = await as(ctx).call(api.payments.confirm, { body: { intentId: 'pi_test_x' } });
    expect(confirm.statusCode).toBe(401);
    expect(await paymentRows(ctx, fund.id)).toHaveLength(0);
  });

  it.each([
    ['below 10 Tk', 9, AMOUNT_MSG.min],
    ['above 1,000,000 Tk', 1_000_001, AMOUNT_MSG.max],
    ['not a whole number of Tk', 10.5, AMOUNT_MSG.whole],
    // Digits typed as text (also in Bangla) are read as a number; words are not.
    ['not a number', 'five hundred', AMOUNT_MSG.required],
    ['missing', undefined, AMOUNT_MSG.required],
  ])('refuses an amount %s with a clear message and records nothing', async (_, amountTk, msg) => {
    const fund = await createRaisedFund(ctx);
    const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_input', fields: { amountTk: msg } });
    expect(await paymentRows(ctx, fund.id)).toHaveLength(0);
  });

  it('accepts the bounds themselves: 10 Tk and 1,000,000 Tk', async () => {
    const fund = await createRaisedFund(ctx);
    for (const amountTk of [10, 1_000_000]) {
      const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk });
      expect(res.statusCode).toBe(201);
      expect(res.json().amountPoisha).toBe(amountTk * 100);
    }
  });

  it.each(['pending', 'denied'] as const)(
    'refuses to take money for a %s fund (404) and records nothing',
    async (status) => {
      const fund = await createRaisedFund(ctx, { status });
      const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 });
      expect(res.statusCode).toBe(404);
      expect(await paymentRows(ctx, fund.id)).toHaveLength(0);
    },
  );

  it('answers 404 for an unknown fund and 400 for a malformed fund id', async () => {
    const before = await paymentCount(ctx);
    const unknown = await createIntent(ctx, donor, {
      fundId: '00000000-0000-4000-8000-000000000000',
      amountTk: 500,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await createIntent(ctx, donor, { fundId: 'nope', amountTk: 500 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields?.fundId).toBeDefined();
    expect(await paymentCount(ctx)).toBe(before);
  });

  it('issues an intent with a client secret and stores a pending payment in poisha', async () => {
    const fund = await createRaisedFund(ctx);
    const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk: 750 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      provider: 'test',
      amountPoisha: 75_000,
      intentId: expect.stringMatching(/^pi_test_/),
      clientSecret: expect.stringMatching(/_secret_/),
    });
    const [row] = await paymentRows(ctx, fund.id);
    expect(row).toMatchObject({
      id: body.paymentId,
      userId: donor.id,
      providerPaymentId: body.intentId,
      amountPoisha: 75_000,
      currency: 'bdt',
      status: 'pending',
    });
    // The processor's intent, written by the pending payment's own statement, is the one
    // `createIntent` would have made: the payment's amount, metadata and idempotency key.
    const [intent] = await ctx.db
      .select()
      .from(testProcessorIntents)
      .where(eq(testProcessorIntents.id, body.intentId));
    expect(intent).toMatchObject({
      clientSecret: body.clientSecret,
      amount: 75_000,
      currency: 'bdt',
      status: 'requires_payment_method',
      metadata: { paymentId: body.paymentId, fundId: fund.id, userId: donor.id },
      idempotencyKey: `easyfund-payment-${body.paymentId}`,
    });
    const processor = new TestPaymentProvider(ctx.db);
    expect(processor.inDatabase.read(intent!)).toEqual(
      await processor.retrieveIntent(body.intentId),
    );
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });
});

describe('paying by card with the embedded processor', () => {
  it('records a 4242 payment once: fund total and count grow, the fund leaves the cart', async () => {
    const fund = await createRaisedFund(ctx);
    await as({ app: ctx.app, cookie: donor.cookie }).call(api.cart.add, {
      body: { fundId: fund.id },
    });
    const { intent, card, confirmed } = await donate(ctx, donor, fund.id, 500);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ id: intent.intentId, status: 'succeeded', amount: 50_000 });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'succeeded',
      payment: {
        id: intent.paymentId,
        fundId: fund.id,
        fundName: fund.name,
        raiserName: 'Karim Raiser',
        transactionId: intent.intentId,
        amountPoisha: 50_000,
        status: 'succeeded',
        succeededAt: expect.any(String),
      },
    });
    // The answer of the confirmation that recorded it is the payment as read afterwards,
    // its receipt number included; a replay reads it and answers the same.
    const read = await as({ app: ctx.app, cookie: donor.cookie }).call(api.payments.one, {
      params: { paymentId: intent.paymentId },
    });
    expect(read.json().receiptNumber).toMatch(/^EF-T-\d{4}-\d{6}$/);
    expect(confirmed.json().payment).toEqual(read.json());
    expect((await confirmPayment(ctx, donor, intent.intentId)).json()).toEqual(confirmed.json());
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
    const cart = await ctx.db.select().from(cartItems).where(eq(cartItems.fundId, fund.id));
    expect(cart).toHaveLength(0);
    // The statement that recorded it added its receipt job, keyed by the payment; the
    // replay added none.
    const { rows } = await ctx.database.executeSql(
      `select data from pgboss.job where name = 'receipt-mail' and id = $1`,
      [intent.paymentId],
    );
    expect(rows).toEqual([{ data: { paymentId: intent.paymentId } }]);
  });

  it.each([
    ['a declined card', CARDS.declined, CARD_ERRORS.declined],
    ['a card with insufficient funds', CARDS.insufficient, CARD_ERRORS.insufficientFunds],
    ['an expired card', CARDS.expired, CARD_ERRORS.expired],
    ['a number failing the Luhn check', CARDS.luhnFails, CARD_ERRORS.invalidNumber],
    ['any other valid number', CARDS.otherValid, CARD_ERRORS.notATestCard],
  ])(
    'records %s as a failed payment with its message and changes no total',
    async (_, number, message) => {
      const fund = await createRaisedFund(ctx);
      await as({ app: ctx.app, cookie: donor.cookie }).call(api.cart.add, {
        body: { fundId: fund.id },
      });
      const { card, confirmed } = await donate(ctx, donor, fund.id, 500, number);
      expect(card.statusCode).toBe(402);
      expect(card.json().error.message).toBe(message);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        status: 'failed',
        payment: { status: 'failed', failureMessage: message, succeededAt: null },
      });
      expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
      const cart = await ctx.db.select().from(cartItems).where(eq(cartItems.fundId, fund.id));
      expect(cart).toHaveLength(1);
    },
  );

  it('refuses an expiry in the past and a CVC that is not 3 digits', async () => {
    const fund = await createRaisedFund(ctx);
    const year = new Date().getUTCFullYear();
    const cases = [
      [{ expMonth: 12, expYear: year - 1 }, CARD_ERRORS.pastYear],
      [{ expMonth: 13, expYear: year + 1 }, CARD_ERRORS.invalidMonth],
      [{ cvc: '12' }, CARD_ERRORS.invalidCvc],
      [{ cvc: '12a' }, CARD_ERRORS.invalidCvc],
      [{ cvc: '1234' }, CARD_ERRORS.invalidCvc],
    ] as const;
    for (const [card, message] of cases) {
      const created = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 100 })).json();
      const res = await confirmAtProcessor(ctx, created, card);
      expect(res.statusCode).toBe(402);
      expect(res.json().error.message).toBe(message);
    }
    // A month already gone in the current year: the processor's clock is injected (mid-June),
    // so the case runs in every month of the year, January included.
    const processor = new TestPaymentProvider(ctx.db);
    const june = new Date(Date.UTC(year, 5, 15));
    const created = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 100 })).json();
    await expect(
      processor.confirm(
        created.intentId,
        created.clientSecret,
        { number: CARDS.ok, expMonth: 5, expYear: year, cvc: '123' },
        june,
      ),
    ).rejects.toThrow(CARD_ERRORS.pastDate);
    // The same card in its own expiry month is still good.
    const current = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 100 })).json();
    const paid = await processor.confirm(
      current.intentId,
      current.clientSecret,
      { number: CARDS.ok, expMonth: 6, expYear: year, cvc: '123' },
      june,
    );
    expect(paid.status).toBe('succeeded');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it("keeps a refused card's error on the open intent, then takes a good card, each change stamped with its time", async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 100 })).json();
    const row = async () =>
      (
        await ctx.db
          .select()
          .from(testProcessorIntents)
          .where(eq(testProcessorIntents.id, intent.intentId))
      )[0]!;
    const created = await row();

    await new Promise((r) => setTimeout(r, 20));
    const refused = await confirmAtProcessor(ctx, intent, { number: CARDS.declined });
    expect(refused.statusCode).toBe(402);
    const afterRefusal = await row();
    expect(afterRefusal).toMatchObject({
      status: 'requires_payment_method',
      lastError: CARD_ERRORS.declined,
      cardLast4: '0002',
    });
    expect(afterRefusal.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());

    await new Promise((r) => setTimeout(r, 20));
    expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
    const paid = await row();
    expect(paid).toMatchObject({ status: 'succeeded', lastError: null, cardLast4: '4242' });
    expect(paid.updatedAt.getTime()).toBeGreaterThan(afterRefusal.updatedAt.getTime());
  });

  it('takes five cards on one intent, then refuses a sixth, even a good one, with 429', async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 100 })).json();
    const tried = [
      CARDS.luhnFails,
      CARDS.expired,
      CARDS.insufficient,
      CARDS.luhnFails,
      CARDS.expired,
    ];
    for (const number of tried) {
      expect((await confirmAtProcessor(ctx, intent, { number })).statusCode).toBe(402);
    }
    const sixth = await confirmAtProcessor(ctx, intent);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toMatch(/Too many cards/);
    // Another secret is still not told that the intent exists.
    expect((await confirmAtProcessor(ctx, { ...intent, clientSecret: 'guess' })).statusCode).toBe(
      404,
    );
    const [row] = await ctx.db
      .select()
      .from(testProcessorIntents)
      .where(eq(testProcessorIntents.id, intent.intentId));
    expect(row).toMatchObject({ status: 'requires_payment_method', cardAttempts: 5 });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('says "pending" when the card has not been confirmed yet, and changes nothing', async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 300 })).json();
    const res = await confirmPayment(ctx, donor, intent.intentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', payment: { status: 'pending' } });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('needs the client secret at the processor, and a paid intent cannot be paid again', async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 300 })).json();
    const wrong = await confirmAtProcessor(ctx, { ...intent, clientSecret: 'guess' });
    expect(wrong.statusCode).toBe(404);
    expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
    const again = await confirmAtProcessor(ctx, intent);
    expect(again.statusCode).toBe(409);
    const badBody = await as(ctx).send(api.payments.testConfirm, {
      params: { intentId: intent.intentId },
      body: { clientSecret: intent.clientSecret },
    });
    expect(badBody.statusCode).toBe(400);
  });

  it('records a replayed confirmation only once', async () => {
    const fund = await createRaisedFund(ctx);
    const { intent } = await donate(ctx, donor, fund.id, 500);
    for (let i = 0; i < 3; i++) {
      const again = await confirmPayment(ctx, donor, intent.intentId);
      expect(again.json().status).toBe('succeeded');
    }
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
  });

  it('records two (or more) concurrent confirmations only once', async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 1000 })).json();
    await confirmAtProcessor(ctx, intent);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => confirmPayment(ctx, donor, intent.intentId)),
    );
    for (const r of results) expect(r.json().status).toBe('succeeded');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 100_000, donationCount: 1 });
  });

  it("answers 404 when someone confirms another user's payment, and changes nothing", async () => {
    const fund = await createRaisedFund(ctx);
    const other = await createSignedInUser(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 200 })).json();
    await confirmAtProcessor(ctx, intent);
    const res = await confirmPayment(ctx, other, intent.intentId);
    expect(res.statusCode).toBe(404);
    const [row] = await paymentRows(ctx, fund.id);
    expect(row?.status).toBe('pending');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    // The owner's own confirmation still records it.
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('succeeded');
  });

  it('counts a payment that failed first and then succeeded on the same intent once', async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 400 })).json();
    await confirmAtProcessor(ctx, intent, { number: CARDS.declined });
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('failed');
    expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('succeeded');
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('succeeded');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 40_000, donationCount: 1 });
  });

  it('does not record a payment whose amount at the provider differs from ours', async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 })).json();
    await confirmAtProcessor(ctx, intent);
    await ctx.db
      .update(testProcessorIntents)
      .set({ amount: 1000 })
      .where(eq(testProcessorIntents.id, intent.intentId));
    const res = await confirmPayment(ctx, donor, intent.intentId);
    expect(res.json()).toMatchObject({
      status: 'failed',
      payment: { failureMessage: PAYMENT_MESSAGES.mismatch },
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });
});

describe('card-testing protection', () => {
  it('limits intents and confirmations per account, in counters shared by every process', async () => {
    const limited = await buildTestApp({ PAYMENT_RATE_LIMIT_MAX: '3' });
    try {
      const fund = await createRaisedFund(limited);
      const a = await createSignedInUser(limited);
      // Per account: three intents from three addresses pass, the fourth is refused.
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        expect(
          (await createIntent(limited, a, { fundId: fund.id, amountTk: 50 }, ip)).statusCode,
        ).toBe(201);
      }
      // A second server process on the same database sees the same counters.
      const second = await buildApp({ config: limited.config, database: limited.database });
      try {
        const refused = await createIntent(
          { app: second },
          a,
          { fundId: fund.id, amountTk: 50 },
          '10.0.0.4',
        );
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          error: {
            code: 'rate_limited',
            message: expect.stringMatching(/Too many payment attempts/),
          },
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
      // Confirmations have their own counter with the same limit.
      const c = await createSignedInUser(limited);
      const intent = (
        await createIntent(limited, c, { fundId: fund.id, amountTk: 50 }, '10.1.1.1')
      ).json();
      for (let i = 0; i < 3; i++) {
        expect((await confirmPayment(limited, c, intent.intentId)).statusCode).toBe(200);
      }
      expect((await confirmPayment(limited, c, intent.intentId)).statusCode).toBe(429);
      expect(await limited.db.select().from(payments)).toHaveLength(3 + 1);
    } finally {
      await limited.close();
    }
  });

  it("honest donations behind one carrier address count nothing; the network's declines bring a puzzle to its unverified donors", async () => {
    const limited = await buildTestApp({
      PAYMENT_RATE_LIMIT_MAX: '3',
      PAYMENT_NETWORK_DECLINE_MAX: '2',
    });
    const cgnat = '100.64.0.1';
    try {
      const fund = await createRaisedFund(limited);
      const start = (who: SignedInUser, ip = cgnat) =>
        createIntent(limited, who, { fundId: fund.id, amountTk: 50 }, ip);
      // Eleven donors behind one address start 33 payments, more than ten times the
      // account limit (the network limit before decision 448); a few are paid.
      const donors = await Promise.all(
        Array.from({ length: 11 }, () => createSignedInUser(limited)),
      );
      const started: {
        donor: SignedInUser;
        intent: { paymentId: string; intentId: string; clientSecret: string };
      }[] = [];
      for (const donor of donors) {
        for (let i = 0; i < 3; i++) {
          const res = await start(donor);
          expect(res.statusCode, res.body).toBe(201);
          started.push({ donor, intent: res.json() });
        }
      }
      // The network is kept while the payment is pending, and forgotten once it ends.
      // Four payments of four donors: one paid, two declined, one paid at the end.
      const [first, second, third, fourth] = [started[0]!, started[3]!, started[6]!, started[9]!];
      const row = async (paymentId: string) =>
        (await limited.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
      expect(await row(first.intent.paymentId)).toMatchObject({ clientNetwork: cgnat });
      await confirmAtProcessor(limited, first.intent);
      expect(
        (await confirmPayment(limited, first.donor, first.intent.intentId)).json(),
      ).toMatchObject({ status: 'succeeded' });
      expect(await row(first.intent.paymentId)).toMatchObject({ clientNetwork: null });

      // A decline counts once, however often it is confirmed.
      await confirmAtProcessor(limited, second.intent, { number: CARDS.declined });
      for (let i = 0; i < 2; i++) {
        expect(
          (await confirmPayment(limited, second.donor, second.intent.intentId)).json(),
        ).toMatchObject({ status: 'failed' });
      }
      expect(await row(second.intent.paymentId)).toMatchObject({
        status: 'failed',
        clientNetwork: null,
      });
      const fresh = await createSignedInUser(limited, { emailVerified: false });
      expect((await start(fresh)).statusCode).toBe(201);

      // The second decline reaches the limit: nobody on that network without a verified
      // address starts a payment before solving a puzzle (decision 454), in this process or
      // another; other networks and payments already started go on.
      await confirmAtProcessor(limited, third.intent, { number: CARDS.insufficient });
      await confirmPayment(limited, third.donor, third.intent.intentId);
      const refused = await start(await createSignedInUser(limited, { emailVerified: false }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('challenge_required');
      const other = await buildApp({ config: limited.config, database: limited.database });
      try {
        const res = await createIntent(
          { app: other },
          fresh,
          { fundId: fund.id, amountTk: 50 },
          cgnat,
        );
        expect(res.statusCode).toBe(403);
      } finally {
        await other.close();
      }
      expect((await start(fresh, '100.64.0.2')).statusCode).toBe(201);
      // A wallet checkout is a payment started too.
      const wallet = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: urlOf(api.payments.checkout),
          headers: { cookie: fresh.cookie },

          payload: { fundId: fund.id, amountTk: 500, method: 'bkash' },
          remoteAddress,
        });
      expect((await wallet(cgnat)).statusCode).toBe(403);
      expect((await wallet('100.64.0.2')).statusCode).toBe(201);
      await confirmAtProcessor(limited, fourth.intent);
      expect(
        (await confirmPayment(limited, fourth.donor, fourth.intent.intentId)).json(),
      ).toMatchObject({ status: 'succeeded' });
      expect(await fundTotals(limited, fund.id)).toEqual({
        raisedPoisha: 10_000,
        donationCount: 2,
      });
    } finally {
      await limited.close();
    }
  });

  it('a decline told five times at once, then again, counts once', async () => {
    const fund = await createRaisedFund(ctx);
    const intent = (
      await createIntent(ctx, donor, { fundId: fund.id, amountTk: 50 }, '100.64.9.9')
    ).json();
    const told = () => markDeclined(ctx.db, intent.paymentId, PAYMENT_MESSAGES.failed);
    const first = await Promise.all(Array.from({ length: 5 }, told));
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await told()).toBe(false);
    expect(await declinesCounted(ctx, '100.64.9.9')).toBe(1);
  });

  it('a declined payment is stamped with the time of its decline', async () => {
    const fund = await createRaisedFund(ctx);
    const start = async () =>
      (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 50 }, '100.64.9.10')).json()
        .paymentId as string;
    const [first, second] = [await start(), await start()];
    const changedAt = async (id: string) =>
      (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!.updatedAt.getTime();
    await markDeclined(ctx.db, first, PAYMENT_MESSAGES.failed);
    await new Promise((r) => setTimeout(r, 300));
    const before = Date.now();
    await markDeclined(ctx.db, second, PAYMENT_MESSAGES.failed);
    // Not the time the statement was first built at.
    expect(await changedAt(second)).toBeGreaterThanOrEqual(before - 50);
    expect(await changedAt(second)).toBeGreaterThan((await changedAt(first)) + 250);
  });

  it('a canceled, abandoned or unknown payment counts no decline', async () => {
    const network = '100.64.5.5';
    const fund = await createRaisedFund(ctx);
    const start = async () =>
      (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 50 }, network)).json() as {
        paymentId: string;
        intentId: string;
        clientSecret: string;
      };
    const deps = { db: ctx.db, provider: ctx.app.payments, log: { warn() {}, error() {} } };
    // Canceled at the provider (an admin at its dashboard, or our own abandonment).
    const canceled = await start();
    await ctx.app.payments.cancelIntent(canceled.intentId);
    expect((await confirmPayment(ctx, donor, canceled.intentId)).json()).toMatchObject({
      status: 'failed',
    });
    // Never paid: abandoned by the reconciliation.
    const abandoned = await start();
    await ctx.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(payments.id, abandoned.paymentId));
    await reconcilePendingPayments(deps, { olderThanMs: 0, abandonAfterMs: 3_600_000 });
    // Unknown at the provider.
    const unknown = await start();
    await ctx.db.delete(testProcessorIntents).where(eq(testProcessorIntents.id, unknown.intentId));
    await confirmPayment(ctx, donor, unknown.intentId);

    const rows = await ctx.db
      .select({ status: payments.status, network: payments.clientNetwork })
      .from(payments)
      .where(inArray(payments.id, [canceled.paymentId, abandoned.paymentId, unknown.paymentId]));
    expect(rows).toEqual(Array(3).fill({ status: 'failed', network: null }));
    expect(await declinesCounted(ctx, network)).toBe(0);
  });

  it("a network's payments started in the last 10 minutes and still pending are limited too", async () => {
    const limited = await buildTestApp({ PAYMENT_NETWORK_UNFINISHED_MAX: '3' });
    try {
      const fund = await createRaisedFund(limited);
      const start = async (ip: string) => {
        const who = await createSignedInUser(limited, { emailVerified: false });
        const res = await createIntent(limited, who, { fundId: fund.id, amountTk: 50 }, ip);
        return { who, res };
      };
      const open = [];
      for (let i = 0; i < 3; i++) open.push(await start('100.64.6.6'));
      const { who: stopped, res: refused } = await start('100.64.6.6');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('challenge_required');
      // The statement that read the network started nothing for the one it stopped.
      const started = await limited.db
        .select({ userId: payments.userId })
        .from(payments)
        .where(eq(payments.fundId, fund.id));
      expect(started.map((p) => p.userId).sort()).toEqual(open.map((o) => o.who.id).sort());
      expect(started.map((p) => p.userId)).not.toContain(stopped.id);
      expect((await start('100.64.6.7')).res.statusCode).toBe(201);
      // One of them paid, another started over 10 minutes ago: two places free again.
      const paid = open[0]!;
      await confirmAtProcessor(limited, paid.res.json());
      expect(
        (await confirmPayment(limited, paid.who, paid.res.json().intentId)).json(),
      ).toMatchObject({ status: 'succeeded' });
      await limited.db
        .update(payments)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(payments.id, open[1]!.res.json().paymentId));
      expect((await start('100.64.6.6')).res.statusCode).toBe(201);
      expect((await start('100.64.6.6')).res.statusCode).toBe(201);
      expect((await start('100.64.6.6')).res.statusCode).toBe(403);
    } finally {
      await limited.close();
    }
  });

  it('an IPv6 client counts as its /64: declines from addresses inside it add up', async () => {
    const limited = await buildTestApp({ PAYMENT_NETWORK_DECLINE_MAX: '2' });
    try {
      const fund = await createRaisedFund(limited);
      const tester = await createSignedInUser(limited);
      for (const ip of ['2001:db8:42:7::1', '2001:db8:42:7::2']) {
        const intent = (
          await createIntent(limited, tester, { fundId: fund.id, amountTk: 50 }, ip)
        ).json();
        await confirmAtProcessor(limited, intent, { number: CARDS.declined });
        await confirmPayment(limited, tester, intent.intentId);
      }
      const someone = await createSignedInUser(limited, { emailVerified: false });
      const start = (ip: string) =>
        createIntent(limited, someone, { fundId: fund.id, amountTk: 50 }, ip);
      expect((await start('2001:db8:42:7::ffff')).statusCode).toBe(403);
      // The statement that read the declines started nothing for the one it stopped.
      const theirs = () =>
        limited.db.select().from(payments).where(eq(payments.userId, someone.id));
      expect(await theirs()).toHaveLength(0);
      expect((await start('2001:db8:42:8::1')).statusCode).toBe(201);
      expect(await theirs()).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('reconciliation', () => {
  const deps = () => ({ db: ctx.db, provider: ctx.app.payments, log: silentLog });

  it('records a paid intent the browser never confirmed, once, and fails a declined one', async () => {
    const fund = await createRaisedFund(ctx);
    const paid = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 600 })).json();
    await confirmAtProcessor(ctx, paid);
    const declined = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 700 })).json();
    await confirmAtProcessor(ctx, declined, { number: CARDS.declined });
    const open = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 800 })).json();

    const first = await reconcilePendingPayments(deps(), {
      olderThanMs: 0,
      abandonAfterMs: 3_600_000,
      now: new Date(Date.now() + 1000),
    });
    expect(first).toMatchObject({ errors: 0 });
    expect(first.checked).toBeGreaterThanOrEqual(3);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 60_000, donationCount: 1 });
    const rows = await paymentRows(ctx, fund.id);
    const byIntent = new Map(rows.map((r) => [r.providerPaymentId, r]));
    expect(byIntent.get(paid.intentId)?.status).toBe('succeeded');
    expect(byIntent.get(declined.intentId)).toMatchObject({
      status: 'failed',
      failureMessage: CARD_ERRORS.declined,
    });
    expect(byIntent.get(open.intentId)?.status).toBe('pending');

    await reconcilePendingPayments(deps(), {
      olderThanMs: 0,
      abandonAfterMs: 3_600_000,
      now: new Date(Date.now() + 1000),
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 60_000, donationCount: 1 });
  });

  it('leaves young payments alone, cancels long-abandoned ones at the provider and marks them failed', async () => {
    const fund = await createRaisedFund(ctx);
    const open = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 900 })).json();
    const young = await reconcilePendingPayments(deps(), {
      olderThanMs: 60_000,
      abandonAfterMs: 3_600_000,
    });
    expect((await paymentRows(ctx, fund.id))[0]?.status).toBe('pending');
    expect(young.errors).toBe(0);

    await reconcilePendingPayments(deps(), {
      olderThanMs: 0,
      abandonAfterMs: 0,
      now: new Date(Date.now() + 1000),
    });
    expect((await paymentRows(ctx, fund.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: PAYMENT_MESSAGES.abandoned,
    });
    // Canceled at the processor: a card that comes late takes no money.
    const late = await confirmAtProcessor(ctx, open);
    expect(late.statusCode).toBe(409);
    expect((await confirmPayment(ctx, donor, open.intentId)).json().status).toBe('failed');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('runs inside the server as a job of the queue', async () => {
    const live = await buildTestApp({ PAYMENT_RECONCILE_AFTER_MINUTES: '0' });
    try {
      const fund = await createRaisedFund(live);
      const who = await createSignedInUser(live);
      const intent = (await createIntent(live, who, { fundId: fund.id, amountTk: 250 })).json();
      await confirmAtProcessor(live, intent);
      // What the schedule sends every minute (tests run no schedules).
      await live.app.jobs.send(QUEUES.reconcilePayments, {});
      const deadline = Date.now() + 15_000;
      let totals = await fundTotals(live, fund.id);
      while (totals.donationCount === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        totals = await fundTotals(live, fund.id);
      }
      expect(totals).toEqual({ raisedPoisha: 25_000, donationCount: 1 });
    } finally {
      await live.close();
    }
  });
});
