import type { PayoutMethod } from '@easyfund/shared/constants';

/**
 * The payout-provider interface: how an approved withdrawal's money leaves. The default is
 * `manual` — an admin sends the money themselves (bKash/Nagad app, bank) and records it
 * paid with the transfer's reference. An automated provider (bKash or Nagad B2C, a bank's
 * transfer file) sends it itself and answers with its reference; `stand-in` simulates one
 * in-process, as the SSLCommerz stand-in does for money in.
 */
export type PayoutProviderName = 'manual' | 'stand-in';

/** One disbursement: the withdrawal (its id is the idempotency key) and where it goes. */
export interface PayoutOrder {
  withdrawalId: string;
  amountPoisha: number;
  account: {
    kind: PayoutMethod;
    /** The wallet number (E.164) or the bank account number. */
    number: string;
    accountName: string;
    bankName: string | null;
    branch: string | null;
    routingNumber: string | null;
  };
}

/** What the provider answers: sent (its reference, the day) or refused (why). */
export type PayoutOutcome =
  { status: 'paid'; reference: string; paidOn: string } | { status: 'failed'; reason: string };

export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /** Whether it sends money itself; the manual provider leaves that to an admin. */
  readonly automated: boolean;
  /**
   * Sends an order's money, at most once per withdrawal: the same withdrawal id again
   * answers the first outcome. Throws when the provider cannot be reached (nothing is
   * recorded then, and the admin may try again).
   */
  disburse(order: PayoutOrder): Promise<PayoutOutcome>;
}
