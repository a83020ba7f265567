import { receipts } from '@easyfund/shared/api/receipts';
import { urlOf } from './client';

/*
 * Receipts: the PDFs a donor, a raiser or an admin downloads. Each is a plain link (the
 * browser saves the file), its address filled from the receipts contract.
 */

/** A donation's receipt. */
export const receiptUrl = (paymentId: string): string =>
  urlOf(receipts.receipt, { params: { paymentId } });

/** A refund's credit note. */
export const creditNoteUrl = (refundId: string): string =>
  urlOf(receipts.creditNote, { params: { refundId } });

/** A year's statement of the signed-in donor's donations. */
export const statementUrl = (year: number): string =>
  urlOf(receipts.statement, { params: { year } });

/** A fund's statement (its raiser and admins). */
export const fundStatementUrl = (fundId: string): string =>
  urlOf(receipts.fundStatement, { params: { id: fundId } });
