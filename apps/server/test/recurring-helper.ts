import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Database, type Db, openDatabase } from '../src/db/client';
import { payments, recurringCharges, recurringGifts, testProcessorIntents } from '../src/db/schema';
import type { PaymentProvider } from '../src/modules/payments/providers/provider';
import { TestPaymentProvider } from '../src/modules/payments/providers/test-provider';
import type { RecurringDeps } from '../src/modules/recurring/deps';
import { createFund } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, createPostgresDatabase, type TestContext } from './helper';
import { CARDS } from './payments-helper';

const nextYear = new Date().getUTCFullYear() + 1;

/**
 * What the monthly-gift job runs with in a test app: its mail queue and jobs, on `db` (the
 * app's by default) with `provider` (the app's by default), and reminders by `sms` if given.
 */
export function recurringDeps(
  ctx: TestContext,
  {
    db = ctx.db,
    provider = ctx.app.payments,
    sms,
  }: { db?: Db; provider?: PaymentProvider; sms?: RecurringDeps['sms'] } = {},
): RecurringDeps {
  return {
    db,
    provider,
    publicUrl: 'http://localhost:3000',
    secret: ctx.config.authSecret,
    log: { warn() {}, error() {} },
    mailQueue: ctx.app.mailQueue,
    jobs: ctx.app.jobs,
    ...(sms ? { sms } : {}),
  };
}

/**
 * The pay step's card form saving `card` at the embedded test processor for a gift's card
 * set-up (what starting a gift or changing its card answered), billed to Test Donor.
 */
export function saveCardAtTestProcessor(
  ctx: TestContext,
  setup: { setupIntentId: string; clientSecret: string },
  email: string,
  card: string = CARDS.ok,
) {
  return as(ctx).call(api.recurring.testConfirmSetup, {
    params: { setupIntentId: setup.setupIntentId },
    body: {
      clientSecret: setup.clientSecret,
      card: { number: card, expMonth: 12, expYear: nextYear, cvc: '123' },
      billing: { name: 'Test Donor', email },
    },
  });
}

/** A monthly (or daily) gift as the database holds it. */
export async function giftRow(db: Db, giftId: string) {
  const [row] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
  return row!;
}

/** A gift's charges, one a period, oldest first. */
export async function chargesOf(db: Db, giftId: string) {
  return db
    .select()
    .from(recurringCharges)
    .where(eq(recurringCharges.giftId, giftId))
    .orderBy(recurringCharges.period);
}

/**
 * Two workers on one fresh PostgreSQL database (two connections, as two processes hold),
 * with a raiser 'r', a donor 'd', an approved fund of r's and a card d saved at the test
 * processor: what a race of recurring charges starts from. The database is dropped after.
 */
export async function withTwoWorkers(
  race: (workers: {
    a: Database;
    b: Database;
    fundId: string;
    paymentMethodId: string;
  }) => Promise<void>,
): Promise<void> {
  const created = await createPostgresDatabase();
  const a = await openDatabase({ url: created.url, poolSize: 3 });
  const b = await openDatabase({ url: created.url, poolSize: 3, migrate: false });
  try {
    await a.db.execute(
      sql`insert into "user" (id, name, email) values ('r', 'R', 'r@example.com'), ('d', 'D', 'd@example.com')`,
    );
    const fund = await createFund(a.db, { raiserId: 'r', status: 'approved' });
    const processor = new TestPaymentProvider(a.db);
    const setup = await processor.createSetup({
      reference: 'x',
      email: 'd@example.com',
      metadata: {},
      idempotencyKey: 'k',
    });
    await processor.confirmSetup(setup.id, setup.clientSecret, {
      number: CARDS.ok,
      expMonth: 12,
      expYear: nextYear,
      cvc: '123',
    });
    const paymentMethodId = (await processor.retrieveSetup(setup.id))!.paymentMethodId!;
    await race({ a, b, fundId: fund.id, paymentMethodId });
  } finally {
    await b.close();
    await a.close();
    await created.drop();
  }
}

/**
 * Every recurring charge in `db` paid, and each exactly once: `times` paid charges,
 * `times` succeeded payments and `times` succeeded intents at the test processor.
 * Returns the charges.
 */
export async function expectChargedOnce(db: Db, times: number) {
  const charges = await db.select().from(recurringCharges);
  expect(charges).toHaveLength(times);
  expect(charges.every((c) => c.status === 'paid')).toBe(true);
  const paid = await db.select().from(payments).where(eq(payments.status, 'succeeded'));
  expect(paid).toHaveLength(times);
  const intents = await db
    .select()
    .from(testProcessorIntents)
    .where(eq(testProcessorIntents.status, 'succeeded'));
  expect(intents).toHaveLength(times);
  return charges;
}
