import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, funds, payments } from '../src/db/schema';
import { recordDonation } from '../src/modules/payments/service';
import { createSignedInUser, type SignedInUser, as, useTestApp, urlOf } from './helper';
import { CARDS, createRaisedFund, donate } from './payments-helper';
import type { QueryInputOf } from '@easyfund/shared/api/contract';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, donor } = useTestApp({ donor: { name: 'Nusrat Donor' } });

const addToCart = (who: SignedInUser | null, fundId: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: urlOf(api.cart.add),
    headers: who ? { cookie: who.cookie } : {},
    payload: { fundId },
  });
const getCart = (who: SignedInUser) => as({ app: ctx.app, cookie: who.cookie }).call(api.cart.list);
const removeFromCart = (who: SignedInUser, id: string) =>
  as({ app: ctx.app, cookie: who.cookie }).call(api.cart.remove, { params: { id } });
/** A person's payments and their donations, a page at a time. */
const HISTORY = { payments: api.payments.mine, donations: api.donations.mine } as const;
const paymentsOf = (who: SignedInUser, query: QueryInputOf<typeof api.payments.mine> = {}) =>
  as(who).call(api.payments.mine, { query });
const donationsOf = (who: SignedInUser, query: QueryInputOf<typeof api.donations.mine> = {}) =>
  as(who).call(api.donations.mine, { query });

describe('selected donations (the cart)', () => {
  it('answers 401 to a signed-out visitor', async () => {
    const fund = await createRaisedFund(ctx);
    expect((await addToCart(null, fund.id)).statusCode).toBe(401);
    expect((await as(ctx).call(api.cart.list)).statusCode).toBe(401);
    const rows = await ctx.db.select().from(cartItems).where(eq(cartItems.fundId, fund.id));
    expect(rows).toHaveLength(0);
  });

  it('adds an approved fund once; adding it again is a friendly no-op', async () => {
    const user = await createSignedInUser(ctx);
    const fund = await createRaisedFund(ctx, { suggestedTk: 250 });
    const first = await addToCart(user, fund.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), fundId: fund.id, added: true });
    const again = await addToCart(user, fund.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json().id, fundId: fund.id, added: false });

    const cart = await getCart(user);
    expect(cart.statusCode).toBe(200);
    expect(cart.json().items).toEqual([
      {
        id: first.json().id,
        fundId: fund.id,
        fundName: fund.name,
        fundImage: fund.image,
        raiserName: 'Karim Raiser',
        suggestedPoisha: 25_000,
        payable: true,
        createdAt: expect.any(String),
      },
    ]);
  });

  it.each(['pending', 'denied'] as const)(
    'refuses to add a %s fund (404) and adds nothing',
    async (status) => {
      const user = await createSignedInUser(ctx);
      const fund = await createRaisedFund(ctx, { status });
      expect((await addToCart(user, fund.id)).statusCode).toBe(404);
      expect((await getCart(user)).json().items).toEqual([]);
    },
  );

  it('answers 404 for an unknown fund and 400 for a malformed id', async () => {
    const user = await createSignedInUser(ctx);
    expect((await addToCart(user, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await addToCart(user, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.fundId).toBeDefined();
    expect((await addToCart(user, undefined)).statusCode).toBe(400);
  });

  it('shows each user only their own cart', async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const fund = await createRaisedFund(ctx);
    await addToCart(a, fund.id);
    expect((await getCart(a)).json().items).toHaveLength(1);
    expect((await getCart(b)).json().items).toEqual([]);
  });

  it('deletes one of my items; deleting it again is 404', async () => {
    const user = await createSignedInUser(ctx);
    const fund = await createRaisedFund(ctx);
    const { id } = (await addToCart(user, fund.id)).json();
    const res = await removeFromCart(user, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect((await getCart(user)).json().items).toEqual([]);
    expect((await removeFromCart(user, id)).statusCode).toBe(404);
  });

  it("answers 404 when someone deletes another user's item, and the item stays", async () => {
    const owner = await createSignedInUser(ctx);
    const intruder = await createSignedInUser(ctx);
    const fund = await createRaisedFund(ctx);
    const { id } = (await addToCart(owner, fund.id)).json();
    const res = await removeFromCart(intruder, id);
    expect(res.statusCode).toBe(404);
    expect((await getCart(owner)).json().items).toHaveLength(1);
    expect((await removeFromCart(intruder, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('marks an item whose fund was later denied as not payable', async () => {
    const user = await createSignedInUser(ctx);
    const fund = await createRaisedFund(ctx);
    await addToCart(user, fund.id);
    await ctx.db.update(funds).set({ status: 'denied' }).where(eq(funds.id, fund.id));
    expect((await getCart(user)).json().items[0]!.payable).toBe(false);
  });
});

describe('donation and payment histories', () => {
  it('lists my succeeded payments newest first with transaction id, and never failed ones', async () => {
    const user = await createSignedInUser(ctx);
    const fundA = await createRaisedFund(ctx);
    const fundB = await createRaisedFund(ctx);
    const first = await donate(ctx, user, fundA.id, 100);
    await donate(ctx, user, fundA.id, 300, CARDS.declined);
    const second = await donate(ctx, user, fundB.id, 500);

    const res = await paymentsOf(user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(body.items.map((p) => p.transactionId)).toEqual([
      second.intent.intentId,
      first.intent.intentId,
    ]);
    expect(body.items[0]).toMatchObject({
      fundId: fundB.id,
      fundName: fundB.name,
      raiserName: 'Karim Raiser',
      amountPoisha: 50_000,
      status: 'succeeded',
    });

    const donations = await donationsOf(user);
    expect(donations.json()).toMatchObject({ total: 2 });
    expect(donations.json().items[0]).toEqual({
      id: second.intent.paymentId,
      fundId: fundB.id,
      fundName: fundB.name,
      fundImage: fundB.image,
      raiserName: 'Karim Raiser',
      amountPoisha: 50_000,
      donatedAt: expect.any(String),
      receiptNumber: expect.stringMatching(/^EF-T-\d{4}-\d{6}$/),
      refundedPoisha: 0,
      refunds: [],
      zakat: false,
    });
  });

  it("never shows another user's payments or donations", async () => {
    const payer = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const fund = await createRaisedFund(ctx);
    await donate(ctx, payer, fund.id, 100);
    expect((await paymentsOf(other)).json()).toMatchObject({ items: [], total: 0 });
    expect((await donationsOf(other)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('pages through the history and refuses a bad page number', async () => {
    const user = await createSignedInUser(ctx);
    const fund = await createRaisedFund(ctx);
    for (const amount of [10, 20, 30]) await donate(ctx, user, fund.id, amount);
    const page2 = await paymentsOf(user, { page: 2, pageSize: 2 });
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().items).toHaveLength(1);
    expect(page2.json().items[0]!.amountPoisha).toBe(1000);
    expect((await paymentsOf(user, { page: 0 })).statusCode).toBe(400);
    expect((await donationsOf(user, { pageSize: 1000 })).statusCode).toBe(400);
  });

  it('answers 401 to a signed-out visitor', async () => {
    for (const endpoint of Object.values(HISTORY)) {
      expect((await as(ctx).call(endpoint)).statusCode).toBe(401);
    }
  });

  it('takes a paid fund out of the cart and keeps the others', async () => {
    const fundA = await createRaisedFund(ctx);
    const fundB = await createRaisedFund(ctx);
    await addToCart(donor, fundA.id);
    await addToCart(donor, fundB.id);
    await donate(ctx, donor, fundA.id, 500);
    const items = (await getCart(donor)).json().items as { fundId: string }[];
    expect(items.map((i) => i.fundId)).toEqual([fundB.id]);
  });
});

describe('recording a donation', () => {
  it('writes the gateway details it is given, leaves one given as undefined, and records once', async () => {
    const fund = await createRaisedFund(ctx);
    const [pending] = await ctx.db
      .insert(payments)
      .values({
        userId: donor.id,
        fundId: fund.id,
        provider: 'test',
        providerPaymentId: `pi_details_${fund.id}`,
        amountPoisha: 50_000,
        mode: 'test',
        status: 'pending',
        gatewayTransactionId: 'BANK-KEPT',
      })
      .returning();
    const details = {
      validationId: 'VAL-1',
      gatewayTransactionId: undefined,
      method: 'bkash',
    };
    const recorded = await recordDonation(ctx.db, pending!.id, { details });
    // The same statement again (built once): the payment is no longer pending or failed.
    expect(await recordDonation(ctx.db, pending!.id, { details })).toBeNull();
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, pending!.id));
    // It answers with what it wrote: when, and the receipt number given as it was recorded.
    expect(recorded).toEqual({ succeededAt: row!.succeededAt, receiptNumber: row!.receiptNumber });
    expect(row!.receiptNumber).toMatch(/^EF-T-\d{4}-\d{6}$/);
    expect(row).toMatchObject({
      status: 'succeeded',
      validationId: 'VAL-1',
      gatewayTransactionId: 'BANK-KEPT',
      method: 'bkash',
    });
    expect(row!.receiptNumber).toMatch(/^EF-T-\d{4}-\d{6}$/);
    const [after] = await ctx.db.select().from(funds).where(eq(funds.id, fund.id));
    expect(after).toMatchObject({ raisedPoisha: 50_000, donationCount: 1 });
  });
});
