/**
 * The receipt printer's thread: renders one document per task (see printer.ts). The fonts
 * and the shaping it remembers stay with the thread while it lives.
 */
import type { Language } from '@easyfund/shared/i18n/languages';
import {
  type Organisation,
  type ReceiptData,
  renderReceipt,
  renderStatement,
  type StatementData,
} from './pdf';

export type PrintTask =
  | { kind: 'receipt'; org: Organisation; data: ReceiptData; lang: Language }
  | { kind: 'statement'; org: Organisation; data: StatementData; lang: Language };

export default function print(task: PrintTask): Promise<Uint8Array> {
  return task.kind === 'receipt'
    ? renderReceipt(task.org, task.data, task.lang)
    : renderStatement(task.org, task.data, task.lang);
}
