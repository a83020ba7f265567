import Tinypool from 'tinypool';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { FundStatementData } from './fund-statement-pdf';
import type { CreditNoteData, Organisation } from './pdf';
import type { StatementData } from './donor-statement-pdf';
import type { ReceiptData } from './receipt-pdf';
import type { PrintTask } from './printer-thread';

/** Renders receipts, statements and credit notes as PDF. */
export interface Printer {
  receipt(org: Organisation, data: ReceiptData, lang: Language): Promise<Buffer>;
  statement(org: Organisation, data: StatementData, lang: Language): Promise<Buffer>;
  creditNote(org: Organisation, data: CreditNoteData, lang: Language): Promise<Buffer>;
  fundStatement(org: Organisation, data: FundStatementData, lang: Language): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * PDFs are drawn on threads of their own (decision 441): a receipt is 4–7 ms of processor
 * and a long statement far more, which on the server's event loop every request then in
 * flight would wait out. `threads` print at once; a thread starts with the first document
 * and ends after `idleMs` without one, so an idle server holds no fonts or PDF code.
 * A thread that dies fails its document (a receipt's job is retried) and is replaced.
 */
export function createPrinter(options: { threads: number; idleMs?: number }): Printer {
  const pool = new Tinypool({
    // The compiled server finds its own printer-thread.mjs beside it; the sources find
    // theirs (which loads the TypeScript) beside this file.
    filename: new URL('./printer-thread.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleMs ?? 60_000,
    // Documents wait in the thread's own queue, not in this one: a thread that finished
    // one starts the next at once, without waiting for this thread to hand it over.
    concurrentTasksPerWorker: 4,
  });
  // The documents under way: closing waits for them. A thread stopped while drawing can
  // leave a compressor half made, and Node 20 then aborts the whole process as it cleans
  // the thread up (`CompressionStream::Close`, "close before init": seen in a test run).
  const drawing = new Set<Promise<unknown>>();
  const print = async (task: PrintTask) => {
    const run = pool.run(task);
    drawing.add(run);
    try {
      const bytes = (await run) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } finally {
      drawing.delete(run);
    }
  };
  return {
    receipt: (org, data, lang) => print({ kind: 'receipt', org, data, lang }),
    statement: (org, data, lang) => print({ kind: 'statement', org, data, lang }),
    creditNote: (org, data, lang) => print({ kind: 'creditNote', org, data, lang }),
    fundStatement: (org, data, lang) => print({ kind: 'fundStatement', org, data, lang }),
    close: async () => {
      await Promise.allSettled(drawing);
      await pool.destroy();
    },
  };
}
