import { ZFundPublic } from '@easyfund/shared/schemas/funds';
import { ZConfirmPaymentResponse, ZCreateIntentResponse } from '@easyfund/shared/schemas/payments';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flatSerializer, responseSerializer } from '../src/lib/flat-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
/** zod's own serializer, as every route had it. */
const zodOf = (schema: z.ZodType) =>
  serializerCompiler(route(schema) as never) as (data: unknown) => string;
const oursOf = (schema: z.ZodType) =>
  responseSerializer(route(schema) as never) as (data: unknown) => string;

const fund = {
  id: '9661abac-7301-4f39-ab4b-c3bf708efb94',
  name: 'Relief "boats" for Sylhet\u2028 — ত্রাণ',
  image: null,
  description: 'Line one\nline two\u0000',
  cause: 'relief-fund',
  raiserName: 'Bench Raiser',
  goalPoisha: 9_007_199_254_740_991,
  suggestedPoisha: 50_000,
  raisedPoisha: 0,
  donationCount: 3,
  donorCount: 1,
  status: 'approved',
  hold: null,
  holdReason: null,
  zakatEligible: false,
  zakatNote: null,
  createdAt: '2026-11-29T19:40:46.268Z',
};

/** What zod answers for `data`: its bytes, or the error it throws. */
function answer(serialize: (data: unknown) => string, data: unknown) {
  try {
    return { body: serialize(data) };
  } catch (err) {
    return { error: String(err) };
  }
}

describe('the flat response serializer', () => {
  it("writes a fund's page byte for byte as zod's check and JSON.stringify did", () => {
    expect(flatSerializer(ZFundPublic)).toBeDefined();
    const ours = oursOf(ZFundPublic);
    const zods = zodOf(ZFundPublic);
    // Keys in another order, and one the schema does not have (left out by both).
    const shuffled = Object.fromEntries(Object.entries({ ...fund, extra: 1 }).reverse());
    for (const data of [fund, shuffled, { ...fund, hold: 'suspended', holdReason: 'Checked' }])
      expect(ours(data)).toBe(zods(data));
    expect(JSON.parse(ours(fund))).toEqual(fund);
  });

  it('answers what zod answers for a value it does not take', () => {
    const ours = oursOf(ZFundPublic);
    const zods = zodOf(ZFundPublic);
    const { name: _name, ...withoutName } = fund;
    for (const data of [
      { ...fund, goalPoisha: 1.5 },
      { ...fund, goalPoisha: Number.NaN },
      { ...fund, donorCount: '1' },
      { ...fund, cause: 'none-such' },
      { ...fund, zakatEligible: 0 },
      { ...fund, image: undefined },
      withoutName,
      null,
      'text',
    ])
      expect(answer(ours, data)).toEqual(answer(zods, data));
    expect(answer(ours, { ...fund, goalPoisha: 1.5 }).error).toBeDefined();
  });

  it("leaves to zod a schema with checks, defaults, another object's keys or deep nesting", () => {
    type Node = { name: string; children: Node[] };
    const ZNode: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(ZNode);
      },
    });
    for (const schema of [
      z.object({ email: z.email() }),
      z.object({ id: z.uuid() }),
      z.object({ n: z.coerce.number() }),
      z.object({ s: z.string().trim() }),
      z.object({ name: z.string().min(1) }),
      z.object({ at: z.number().min(0) }),
      z.object({ fund: ZFundPublic.extend({ id: z.uuid() }) }),
      z.object({ items: z.array(z.string()).min(1) }),
      z.object({ items: z.array(z.string().optional()) }),
      z.object({ note: z.string().min(1).optional() }),
      ZNode,
      z.object({ note: z.string().default('') }),
      z.object({ id: z.string() }).passthrough(),
      z.object({}),
      z.array(ZFundPublic),
    ])
      expect(flatSerializer(schema)).toBeUndefined();
  });

  it('writes plain numbers, booleans and nullable fields as JSON does', () => {
    const schema = z.object({ n: z.number(), b: z.boolean(), s: z.string().nullable() });
    const ours = oursOf(schema);
    for (const data of [
      { n: -0, b: true, s: null },
      { n: 1e21, b: false, s: '' },
      { n: 0.1 + 0.2, b: true, s: '\ud800' },
    ])
      expect(ours(data)).toBe(zodOf(schema)(data));
    expect(answer(ours, { n: Infinity, b: true, s: null })).toEqual(
      answer(zodOf(schema), { n: Infinity, b: true, s: null }),
    );
  });

  it("writes a donation's answers, nested, optional and in arrays, byte for byte as zod", () => {
    const payment = {
      id: 'p1',
      fundId: 'f1',
      fundName: 'Flood relief "Sylhet"',
      fundImage: '/images/fund.svg',
      raiserName: 'Raiser',
      transactionId: 'pi_1',
      amountPoisha: 50_000,
      currency: 'BDT',
      status: 'succeeded',
      method: 'card',
      failureMessage: null,
      createdAt: '2026-11-29T19:40:46.268Z',
      succeededAt: '2026-11-29T19:40:47.000Z',
      receiptNumber: 'EF-2026-000001',
      refundedPoisha: 0,
      refunds: [] as object[],
      zakat: false,
    };
    const refund = {
      id: 'r1',
      kind: 'refund',
      amountPoisha: 100,
      createdAt: '2026-11-30T00:00:00.000Z',
      reason: null,
      creditNoteNumber: 'CN-2026-000001',
    };
    expect(flatSerializer(ZConfirmPaymentResponse)).toBeDefined();
    const confirmed = { status: 'succeeded', payment };
    const refunded = { status: 'succeeded', payment: { ...payment, refunds: [refund, refund] } };
    const reordered = {
      payment: Object.fromEntries(Object.entries({ ...payment, extra: 1 }).reverse()),
      status: 'failed',
    };
    for (const data of [confirmed, refunded, reordered])
      expect(oursOf(ZConfirmPaymentResponse)(data)).toBe(zodOf(ZConfirmPaymentResponse)(data));
    expect(JSON.parse(oursOf(ZConfirmPaymentResponse)(refunded))).toEqual(refunded);

    expect(flatSerializer(ZCreateIntentResponse)).toBeDefined();
    const intent = {
      paymentId: 'p1',
      provider: 'test',
      intentId: 'pi_1',
      clientSecret: 'pi_1_secret',
      amountPoisha: 50_000,
    };
    for (const data of [
      intent,
      { ...intent, publishableKey: 'pk_test' },
      { ...intent, publishableKey: undefined },
      { publishableKey: 'pk_test', ...intent },
    ])
      expect(oursOf(ZCreateIntentResponse)(data)).toBe(zodOf(ZCreateIntentResponse)(data));
    const onlyOptional = z.object({ note: z.string().optional() });
    for (const data of [{}, { note: 'n' }, { note: undefined }])
      expect(oursOf(onlyOptional)(data)).toBe(zodOf(onlyOptional)(data));
  });

  it("answers zod's error for a nested, optional or array value it does not take", () => {
    const { zakat: _zakat, ...withoutZakat } = {
      ...{ id: 'p1', fundId: 'f1', fundName: 'F', fundImage: '/i', raiserName: 'R' },
      ...{ transactionId: 't', amountPoisha: 1, currency: 'BDT', status: 'succeeded' },
      ...{ method: 'card', failureMessage: null, createdAt: 'c', succeededAt: null },
      ...{ receiptNumber: null, refundedPoisha: 0, refunds: [], zakat: true },
    };
    const payment = { ...withoutZakat, zakat: true };
    for (const data of [
      { status: 'succeeded', payment: withoutZakat },
      { status: 'succeeded', payment: { ...payment, refunds: null } },
      { status: 'succeeded', payment: { ...payment, refunds: {} } },
      { status: 'succeeded', payment: { ...payment, refunds: [{ id: 'r1' }] } },
      { status: 'succeeded', payment: [payment] },
      { status: 'succeeded', payment: null },
      { status: 'succeeded' },
    ]) {
      const ours = answer(oursOf(ZConfirmPaymentResponse), data);
      expect(ours.error).toBeDefined();
      expect(ours).toEqual(answer(zodOf(ZConfirmPaymentResponse), data));
    }
    const intent = { paymentId: 'p', provider: 'test', intentId: 'i', clientSecret: 's' };
    for (const data of [
      { ...intent, amountPoisha: 1, publishableKey: null },
      { ...intent, amountPoisha: 1, publishableKey: 1 },
      intent,
    ]) {
      const ours = answer(oursOf(ZCreateIntentResponse), data);
      expect(ours.error).toBeDefined();
      expect(ours).toEqual(answer(zodOf(ZCreateIntentResponse), data));
    }
  });
});
