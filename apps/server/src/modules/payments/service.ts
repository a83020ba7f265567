/**
 * The payments module's public surface. Its rooms: intents and the donor's confirmation
 * (`intents.ts`), settlement and recording (`settlement.ts`), refunds (`refunds.ts`),
 * withdrawal requests a refund leaves without money (`withdrawal-holds.ts`), and what
 * they share (`deps.ts`); the hosted checkout lives in `checkout*.ts`.
 */
export {
  FUND_ON_HOLD,
  outOfLimitsMessage,
  PAYMENT_MESSAGES,
  type PaymentDeps,
  type PaymentRow,
  type SettleOutcome,
} from './deps';
export { confirmPayment, createPaymentIntent } from './intents';
export { recordDonation, settlePayment } from './settlement';
export * from './refunds';
export { WITHDRAWAL_HELD_FEEDBACK } from './withdrawal-holds';
