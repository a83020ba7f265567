import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { WALLET_METHODS, type PaymentMethod } from '@easyfund/shared/constants';
import { asciiDigits } from '@easyfund/shared/digits';
import type { Db } from '../../../db/client';
import { testGatewaySessions } from '../../../db/schema';
import { instrumentOf } from './fingerprint';
import {
  amountOf,
  type CheckoutGateway,
  type CreatedSession,
  type GatewayTransaction,
  type RefundResult,
  type RefundStatus,
  type SessionInput,
} from './gateway';
import { signedBy, withSignature } from './sslcommerz';

type Row = typeof testGatewaySessions.$inferSelect;

/** The embedded test checkout's store id (what its Validation API reports). */
export const TEST_STORE_ID = 'easyfund_test';

/** The documented wallet numbers of the test checkout and what each does; OTP 123456. */
export const TEST_WALLET = {
  otp: '123456',
  numbers: {
    '01700000000': 'succeeds',
    '01700000001': 'held',
    '01700000002': 'fails',
    '01700000003': 'cancels',
    '01700000004': 'times out',
  },
} as const;

export type TestWalletOutcome = (typeof TEST_WALLET.numbers)[keyof typeof TEST_WALLET.numbers];

export const TEST_WALLET_MESSAGES = {
  number: 'Enter an 11-digit wallet number starting with 01.',
  unknownNumber: 'This test wallet knows only the documented test numbers, such as 01700000000.',
  otp: 'Wrong OTP. In test mode the OTP is 123456.',
  finished: 'This payment is already finished.',
} as const;

const CARD_TYPES: Record<string, string> = {
  bkash: 'BKASH-BKash',
  nagad: 'NAGAD-Nagad',
  rocket: 'DBBLMOBILEB-Dbbl Mobile Banking',
};

const token = (bytes: number) => randomBytes(bytes).toString('hex');

function toTransaction(row: Row): GatewayTransaction {
  return {
    status: row.status,
    tranId: row.tranId,
    valId: row.valId,
    amount: amountOf(row.amountPoisha),
    currency: row.currency,
    storeId: TEST_STORE_ID,
    bankTranId: row.bankTranId,
    cardType: CARD_TYPES[row.method] ?? null,
    riskLevel: row.riskLevel,
    instrument: row.walletNumber ? instrumentOf('wallet', row.walletNumber) : null,
  };
}

export type CompleteResult =
  | { ok: false; message: string }
  | { ok: true; outcome: TestWalletOutcome; session: Row; fields: Record<string, string> };

/**
 * The embedded test checkout for bKash, Nagad and Rocket: sessions, a hosted page
 * (served by the payments module at /test-gateway/:sessionKey) and Validation and
 * Transaction Query APIs in SSLCommerz's shape. Kept in the database so every server
 * process sees the same sessions. It moves no money.
 */
export class TestCheckoutGateway implements CheckoutGateway {
  readonly name = 'test-checkout' as const;
  readonly storeId = TEST_STORE_ID;
  readonly mode = 'test' as const;
  readonly methods: readonly PaymentMethod[] = WALLET_METHODS;

  /** The test store's password, which signs its notifications as SSLCommerz signs a store's. */
  private readonly password: string;

  /** `secret`: the site's AUTH_SECRET, from which every process derives the same password. */
  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.password = createHmac('sha256', secret).update('test-checkout store').digest('hex');
  }

  verifyNotice(fields: URLSearchParams): boolean {
    return signedBy(fields, this.password);
  }

  async createSession(input: SessionInput): Promise<CreatedSession> {
    const sessionKey = `TESTSESS${token(12).toUpperCase()}`;
    await this.db.insert(testGatewaySessions).values({
      sessionKey,
      tranId: input.tranId,
      amountPoisha: input.amountPoisha,
      currency: input.currency,
      method: input.method,
      successUrl: input.urls.success,
      failUrl: input.urls.fail,
      cancelUrl: input.urls.cancel,
      ipnUrl: input.urls.ipn,
    });
    return { sessionKey, redirectUrl: `/test-gateway/${sessionKey}` };
  }

  async session(sessionKey: string): Promise<Row | null> {
    const [row] = await this.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.sessionKey, sessionKey));
    return row ?? null;
  }

  /**
   * The donor's wallet number and OTP on the hosted page. Succeeds, holds (risky),
   * fails, cancels or times out (nothing is sent: reconciliation finds it) by number.
   */
  async complete(sessionKey: string, walletNumber: string, otp: string): Promise<CompleteResult> {
    // Typed on a Bangla keypad, the number and the code are the same digits.
    const number = asciiDigits(walletNumber).replace(/[\s-]/g, '');
    otp = asciiDigits(otp);
    if (!/^01\d{9}$/.test(number)) return { ok: false, message: TEST_WALLET_MESSAGES.number };
    const outcome = (TEST_WALLET.numbers as Record<string, TestWalletOutcome>)[number];
    if (!outcome) return { ok: false, message: TEST_WALLET_MESSAGES.unknownNumber };
    if (otp.trim() !== TEST_WALLET.otp) return { ok: false, message: TEST_WALLET_MESSAGES.otp };

    const paid = outcome === 'succeeds' || outcome === 'held';
    const status = paid
      ? 'VALID'
      : outcome === 'fails'
        ? 'FAILED'
        : outcome === 'cancels'
          ? 'CANCELLED'
          : 'PENDING';
    const [row] = await this.db
      .update(testGatewaySessions)
      .set({
        status,
        walletNumber: number,
        ...(paid
          ? {
              valId: `TESTVAL${token(10).toUpperCase()}`,
              bankTranId: `TESTBTR${token(8).toUpperCase()}`,
              riskLevel: outcome === 'held' ? 1 : 0,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(testGatewaySessions.sessionKey, sessionKey),
          eq(testGatewaySessions.status, 'PENDING'),
        ),
      )
      .returning();
    if (!row) return { ok: false, message: TEST_WALLET_MESSAGES.finished };
    const t = toTransaction(row);
    // What SSLCommerz posts to the IPN listener and the browser's return address.
    const fields: Record<string, string> = {
      status: t.status,
      tran_id: t.tranId,
      amount: t.amount,
      currency: t.currency,
      store_id: t.storeId ?? '',
      ...(t.valId ? { val_id: t.valId } : {}),
      ...(t.bankTranId ? { bank_tran_id: t.bankTranId } : {}),
      ...(t.cardType ? { card_type: t.cardType } : {}),
      risk_level: String(t.riskLevel),
    };
    return { ok: true, outcome, session: row, fields: withSignature(fields, this.password) };
  }

  /** The donor cancelled on the hosted page: the fields SSLCommerz would post, or null. */
  async cancel(sessionKey: string): Promise<Record<string, string> | null> {
    const [row] = await this.db
      .update(testGatewaySessions)
      .set({ status: 'CANCELLED', updatedAt: new Date() })
      .where(
        and(
          eq(testGatewaySessions.sessionKey, sessionKey),
          eq(testGatewaySessions.status, 'PENDING'),
        ),
      )
      .returning();
    if (!row) return null;
    return withSignature(
      {
        status: 'CANCELLED',
        tran_id: row.tranId,
        amount: amountOf(row.amountPoisha),
        currency: row.currency,
        store_id: TEST_STORE_ID,
      },
      this.password,
    );
  }

  async validate(valId: string): Promise<GatewayTransaction | null> {
    const [row] = await this.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.valId, valId));
    return row && row.status === 'VALID' ? toTransaction(row) : null;
  }

  async queryByTranId(tranId: string): Promise<GatewayTransaction[]> {
    const rows = await this.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.tranId, tranId))
      .orderBy(asc(testGatewaySessions.createdAt));
    return rows.map(toTransaction);
  }

  async refund(): Promise<RefundResult> {
    return { status: 'success', refundRefId: `TESTREF${token(8).toUpperCase()}`, reason: null };
  }

  /** Test money: every refund the test checkout took is back at once. */
  async refundStatus(refundRefId: string): Promise<RefundStatus | null> {
    return refundRefId.startsWith('TESTREF')
      ? { status: 'refunded', refundRefId, bankTranId: null }
      : null;
  }
}
