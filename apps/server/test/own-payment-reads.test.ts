import { describe, expect, it } from 'vitest';
import {
  createIntent,
  confirmAtProcessor,
  confirmPayment,
  createRaisedFund,
} from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, jobsDone, useTestApp } from './helper';

// A donor's own payment is found by one of its unique keys (its intent at the provider, its
// id) and only then checked to be theirs: never through the donor's payments, whose number
// grows with every gift (a monthly donor's years of them). The planner is asked here as the
// app asks it, before the table has statistics, when it costs "this donor's payments" as one
// row, as it does a unique key's.

interface Sent {
  text: string;
  values: unknown[];
}

/** The statements the app sends while `fn` runs, in order. */
async function statementsOf(client: { query: (...args: never[]) => unknown }, fn: () => unknown) {
  const sent: Sent[] = [];
  const query = client.query;
  client.query = ((
    q: string | { text: string; values?: unknown[] },
    values?: unknown[],
    ...rest
  ) => {
    if (typeof q === 'string') sent.push({ text: q, values: values ?? [] });
    else sent.push({ text: q.text, values: q.values ?? values ?? [] });
    return (query as (...args: unknown[]) => unknown).call(client, q, values, ...rest);
  }) as typeof client.query;
  try {
    await fn();
  } finally {
    client.query = query;
  }
  return sent;
}

describe("a donor's own payment", () => {
  const { ctx, donor } = useTestApp({ donor: {} });

  async function plan(statement: Sent): Promise<string> {
    const { rows } = await ctx.database.executeSql(`explain ${statement.text}`, statement.values);
    return rows.map((r) => String(Object.values(r)[0])).join('\n');
  }

  it('is read through its intent or its id, not through the donor’s history', async () => {
    const fund = await createRaisedFund(ctx);
    // 300 earlier card payments of the donor that failed (no totals to keep).
    await ctx.database.executeSql(
      `insert into payments (user_id, fund_id, provider, provider_payment_id, amount_poisha,
                             status, method, mode)
       select $1, $2, 'test', 'pi_earlier_' || i, 50000, 'failed', 'card',
              (select mode from ledger_settings)
       from generate_series(1, 300) i`,
      [donor.id, fund.id],
    );
    const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 })).json<{
      intentId: string;
      clientSecret: string;
      paymentId: string;
    }>();
    expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
    const client = (ctx.db as unknown as { $client: { query: (...args: never[]) => unknown } })
      .$client;

    let confirmed = 0;
    const confirming = await statementsOf(client, async () => {
      confirmed = (await confirmPayment(ctx, donor, intent.intentId)).statusCode;
    });
    expect(confirmed).toBe(200);
    const recording = confirming.find(
      (s) =>
        /update "payments"/.test(s.text) &&
        s.values.includes(intent.intentId) &&
        s.values.includes(donor.id),
    );
    expect(recording, 'the confirmation records the payment').toBeDefined();
    const recordingPlan = await plan(recording!);
    expect(recordingPlan).toContain('payments_provider_payment_uq');
    expect(recordingPlan).not.toContain('payments_user_idx');

    // The receipt's job reads the payment too: done before the page is asked for.
    await jobsDone(ctx);
    let shown = 0;
    const showing = await statementsOf(client, async () => {
      shown = (await as(donor).call(api.payments.one, { params: { paymentId: intent.paymentId } }))
        .statusCode;
    });
    expect(shown).toBe(200);
    const read = showing.find(
      (s) =>
        /from "payments"/.test(s.text) &&
        s.values.includes(intent.paymentId) &&
        s.values.includes(donor.id),
    );
    expect(read, 'the payment is read').toBeDefined();
    const readPlan = await plan(read!);
    expect(readPlan).toContain('payments_pkey');
    expect(readPlan).not.toContain('payments_user_idx');
  });
});
