/**
 * The receipt printer's thread: renders one document per task (see printer.ts). The fonts
 * and the shaping it remembers stay with the thread while it lives.
 */
import type { Language } from '@easyfund/shared/i18n/languages';
import { renderCreditNote } from './credit-note-pdf';
import { type FundStatementData, renderFundStatement } from './fund-statement-pdf';
import { type CreditNoteData, type Organisation } from './pdf';
import { renderStatement, type StatementData } from './donor-statement-pdf';
import { type ReceiptData, renderReceipt } from './receipt-pdf';

export type PrintTask =
  | { kind: 'receipt'; org: Organisation; data: ReceiptData; lang: Language }
  | { kind: 'statement'; org: Organisation; data: StatementData; lang: Language }
  | { kind: 'creditNote'; org: Organisation; data: CreditNoteData; lang: Language }
  | { kind: 'fundStatement'; org: Organisation; data: FundStatementData; lang: Language };

export default function print(task: PrintTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'receipt':
      return renderReceipt(task.org, task.data, task.lang);
    case 'statement':
      return renderStatement(task.org, task.data, task.lang);
    case 'creditNote':
      return renderCreditNote(task.org, task.data, task.lang);
    case 'fundStatement':
      return renderFundStatement(task.org, task.data, task.lang);
  }
}
