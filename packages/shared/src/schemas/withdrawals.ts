import { z } from 'zod';
import { DECISION_STATUSES } from '../constants';
import { ZPageQuery } from './common';
import { nameText, paged, requiredWholeTk, ZPersonRef } from './fields';

export const MAX_WITHDRAWAL_TK = 100_000_000;

/** The amount of a withdrawal request: whole Tk, at least 1. */
export const ZWithdrawalAmountTk = requiredWholeTk().pipe(
  z
    .number()
    .min(1, 'The amount must be at least 1 Tk')
    .max(MAX_WITHDRAWAL_TK, 'The amount is too large'),
);

/** POST /api/withdrawals. */
export const ZWithdrawalRequest = z.object({
  fundId: z.uuid({ error: 'Choose one of your funds' }),
  amountTk: ZWithdrawalAmountTk,
});
export type TWithdrawalRequest = z.output<typeof ZWithdrawalRequest>;

/** The Withdraw Request form: name (prefilled) and amount are required. */
export const ZWithdrawForm = z.object({
  name: nameText(200),
  amountTk: ZWithdrawalAmountTk,
});
export type TWithdrawFormInput = z.input<typeof ZWithdrawForm>;
export type TWithdrawForm = z.output<typeof ZWithdrawForm>;

const ZStatus = z.enum(DECISION_STATUSES);

export const ZWithdrawal = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  amountPoisha: z.number().int(),
  status: ZStatus,
  feedback: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export const ZMyWithdrawals = z.object({ items: z.array(ZWithdrawal) });

export const ZAdminWithdrawal = ZWithdrawal.extend({
  /** Rises with every change; a decision sends back the version it was made on (decision 452). */
  version: z.number().int(),
  raiser: ZPersonRef,
  fundRaisedPoisha: z.number().int(),
  decidedBy: ZPersonRef.nullable(),
});
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;
export const ZAdminWithdrawalList = paged(ZAdminWithdrawal);

export const ZAdminWithdrawalQuery = ZPageQuery.extend({ status: ZStatus.optional() });
