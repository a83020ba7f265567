import { ZPaymentIdParam, ZPdf, ZRefundIdParam, ZStatementYearParam } from '../schemas/receipts';
import { ZFundIdParam } from '../schemas/funds';
import { endpoint } from './contract';

/** Receipts: one donation's PDF receipt, a refund's credit note, a donor's yearly statement. */
export const receipts = {
  receipt: endpoint({
    method: 'GET',
    path: '/api/payments/:paymentId/receipt',
    access: 'signedIn',
    operationId: 'getReceiptPdf',
    tags: ['receipts'],
    summary: "A donation's receipt as PDF (its donor or an admin; 404 for anyone else)",
    params: ZPaymentIdParam,
    response: ZPdf,
    errors: [404, 429],
  }),
  creditNote: endpoint({
    method: 'GET',
    path: '/api/refunds/:refundId/credit-note',
    access: 'signedIn',
    operationId: 'getCreditNotePdf',
    tags: ['receipts'],
    summary:
      "A refund's credit note as PDF, referring to the receipt (its donor or an admin; 404 for anyone else)",
    params: ZRefundIdParam,
    response: ZPdf,
    errors: [404, 429],
  }),
  statement: endpoint({
    method: 'GET',
    path: '/api/me/statements/:year',
    access: 'signedIn',
    operationId: 'getYearlyStatementPdf',
    tags: ['receipts'],
    summary: 'My donations of a year (Asia/Dhaka) with their total, as PDF',
    params: ZStatementYearParam,
    response: ZPdf,
    errors: [429],
  }),
  fundStatement: endpoint({
    method: 'GET',
    path: '/api/funds/:id/statement',
    access: 'raiser',
    operationId: 'getFundStatementPdf',
    tags: ['receipts'],
    summary:
      "A fund's statement as PDF: gifts net of refunds in, payouts out, held, available and the closing balance (its raiser or an admin; 404 for anyone else)",
    params: ZFundIdParam,
    response: ZPdf,
    errors: [404, 429],
  }),
} as const;
