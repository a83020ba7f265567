/**
 * `npm run bench:receipts [-- --documents 2000]`: the processor time of one receipt's PDF
 * in each language, drawn in this process as the server's printer thread draws it
 * (`modules/receipts/pdf.ts`), every receipt with a donor, e-mail, amount and transaction
 * id of its own (as real ones are) after 200 to warm up. Prints the median of five batches
 * of processor time per receipt (garbage collection included) and the average size, and
 * the time of a Bangla yearly statement of 100 donations; writes
 * bench/results/receipts.json. A donation's receipt is drawn for every donation
 * (`bench:donations` counts it), so its time bounds how many donations two cores record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@easyfund/shared/i18n/languages';
import { renderStatement } from '../apps/server/src/modules/receipts/donor-statement-pdf';
import { statementTotals } from '../apps/server/src/modules/receipts/statement-totals';
import { type ReceiptData, renderReceipt } from '../apps/server/src/modules/receipts/receipt-pdf';
import { flag, machine, median, repoRoot } from './lib/kit';

const DOCUMENTS = flag('documents', 2000);
const BATCHES = 5;
const org = { name: 'Easy Fund Trust', address: 'House 12, Road 5, Dhanmondi\nDhaka 1205' };

const names = ['Nusrat Jahan', 'রহিম উদ্দিন', 'Tanvir Ahmed', 'মিম আক্তার', 'Farhana Islam'];
const funds = [
  'Flood relief for families in Sylhet',
  'বন্যার্তদের জন্য ত্রাণ',
  'School meals in Rangpur',
];

function receipt(i: number): ReceiptData {
  return {
    receiptNumber: `EF-2026-${String(i + 1).padStart(6, '0')}`,
    donorName: `${names[i % names.length]} ${i}`,
    donorEmail: `donor${i}@example.com`,
    fundName: funds[i % funds.length]!,
    amountPoisha: 50_000 + ((i * 7_919) % 5_000_000),
    succeededAt: new Date(Date.UTC(2026, i % 12, (i % 28) + 1, i % 24, i % 60)),
    paymentMethod: i % 3 ? 'card' : 'bkash',
    transactionId: `TRX${(1_000_000 + i * 37).toString(36).toUpperCase()}`,
    refunded: false,
    refundedPoisha: 0,
    refunds: [],
    zakat: false,
    testMode: false,
  };
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

async function receipts(lang: Language) {
  for (let i = 0; i < 200; i++) await renderReceipt(org, receipt(DOCUMENTS + i), lang);
  const perBatch = Math.ceil(DOCUMENTS / BATCHES);
  const batches: number[] = [];
  let bytes = 0;
  for (let b = 0; b < BATCHES; b++) {
    const start = cpuMs();
    for (let i = b * perBatch; i < (b + 1) * perBatch; i++) {
      bytes += (await renderReceipt(org, receipt(i), lang)).length;
    }
    batches.push((cpuMs() - start) / perBatch);
  }
  return {
    cpuMsPerReceipt: round(median(batches)),
    batches: batches.map((ms) => round(ms)),
    averageBytes: Math.round(bytes / (perBatch * BATCHES)),
  };
}

async function statement() {
  const donations = Array.from({ length: 100 }, (_, i) => {
    const r = receipt(i);
    return { ...r, refunded: i % 10 === 0, refundedPoisha: i % 10 === 0 ? r.amountPoisha : 0 };
  });
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = cpuMs();
    await renderStatement(
      org,
      {
        year: 2026,
        donorName: 'মিম আক্তার',
        donorEmail: 'mim@example.com',
        donations,
        ...statementTotals(donations),
      },
      'bn',
    );
    runs.push(cpuMs() - start);
  }
  return { cpuMs: round(median(runs), 1) };
}

const english = await receipts('en');
const bangla = await receipts('bn');
const banglaStatement = await statement();
console.log(
  `A receipt's PDF (${DOCUMENTS} each, median of ${BATCHES} batches, processor time): ` +
    `English ${english.cpuMsPerReceipt} ms (${english.averageBytes} bytes), ` +
    `Bangla ${bangla.cpuMsPerReceipt} ms (${bangla.averageBytes} bytes); ` +
    `a Bangla statement of 100 donations ${banglaStatement.cpuMs} ms`,
);
const file = path.join(repoRoot, 'bench/results/receipts.json');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify(
    {
      command: `npm run bench:receipts${DOCUMENTS !== 2000 ? ` -- --documents ${DOCUMENTS}` : ''}`,
      at: new Date().toISOString(),
      machine: machine(),
      english,
      bangla,
      banglaStatementOf100: banglaStatement,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${path.relative(repoRoot, file)}`);
