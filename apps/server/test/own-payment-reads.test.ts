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

/** What `fn` answers, and the statements the app sends while it runs, in order. */
async function statementsOf<T>(
  client: { query: (...args: never[]) => unknown },
  fn: () => Promise<T>,
): Promise<{ answer: T; sent: Sent[] }> {
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
    return { answer: await fn(), sent };
  } finally {
    client.query = query;
  }
}

describe("a donor's own payment", () => {
  const { ctx, donor } = useTestApp({ donor: {} });

  /** The plan of the one statement sent that matches `text` and carries every value. */
  async function planOf(sent: Sent[], text: RegExp, ...values: string[]): Promise<string> {
    const statement = sent.find(
      (s) => text.test(s.text) && values.every((v) => s.values.includes(v)),
    );
    expect(statement, `a statement matching ${text}`).toBeDefined();
    const { rows } = await ctx.database.executeSql(`explain ${statement!.text}`, statement!.values);
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

    const confirming = await statementsOf(client, () =>
      confirmPayment(ctx, donor, intent.intentId),
    );
    expect(confirming.answer.statusCode).toBe(200);
    const recordingPlan = await planOf(
      confirming.sent,
      /update "payments"/,
      intent.intentId,
      donor.id,
    );
    expect(recordingPlan).toContain('payments_provider_payment_uq');
    expect(recordingPlan).not.toContain('payments_user_idx');

    // The receipt's job reads the payment too: done before the page is asked for.
    await jobsDone(ctx);
    const showing = await statementsOf(client, () =>
      as(donor).call(api.payments.one, { params: { paymentId: intent.paymentId } }),
    );
    expect(showing.answer.statusCode).toBe(200);
    const readPlan = await planOf(showing.sent, /from "payments"/, intent.paymentId, donor.id);
    expect(readPlan).toContain('payments_pkey');
    expect(readPlan).not.toContain('payments_user_idx');
  });
});
