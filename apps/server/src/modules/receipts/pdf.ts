import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime, formatTk } from '@easyfund/shared/format';
import { amountInWords } from '@easyfund/shared/words';

/** Noto Sans Bengali (the web app's font) in its Bengali and Latin subsets: fontkit shapes
 *  the Bengali conjuncts and vowel signs, so names render as they are written. */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/LICENSE')),
  'files',
);
const FONTS = {
  bn: path.join(FONT_DIR, 'noto-sans-bengali-bengali-400-normal.woff'),
  bnBold: path.join(FONT_DIR, 'noto-sans-bengali-bengali-700-normal.woff'),
  latin: path.join(FONT_DIR, 'noto-sans-bengali-latin-400-normal.woff'),
  latinBold: path.join(FONT_DIR, 'noto-sans-bengali-latin-700-normal.woff'),
  latinExt: path.join(FONT_DIR, 'noto-sans-bengali-latin-ext-400-normal.woff'),
};

/**
 * A WOFF 1.0 font as the plain TrueType/OpenType file it wraps (each table inflated
 * when compressed). fontkit reads WOFF directly, but inflates a table again on every
 * read — once per glyph of every document: receipts spent most of their time there.
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const pow2 = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  woff.copy(header, 0, 4, 8); // the flavor: TrueType or CFF
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(pow2 * 16, 6);
  header.writeUInt16BE(Math.log2(pow2), 8);
  header.writeUInt16BE(numTables * 16 - pow2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(header, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The receipt fonts as TrueType, unpacked once per process. */
let fontFiles: [string, Buffer][] | undefined;
const receiptFonts = () =>
  (fontFiles ??= Object.entries(FONTS).map(([name, file]) => [
    name,
    sfntFromWoff(readFileSync(file)),
  ]));

export interface Organisation {
  name: string;
  address: string;
}

export interface ReceiptData {
  receiptNumber: string;
  donorName: string;
  donorEmail: string;
  fundName: string;
  amountPoisha: number;
  succeededAt: Date;
  paymentMethod: string;
  transactionId: string;
  refunded: boolean;
  /** The part taken back so far (a partial refund or a dispute); the whole amount when refunded. */
  refundedPoisha: number;
  /** Paid in the provider's test mode: no money moved. */
  testMode: boolean;
}

export interface StatementData {
  year: number;
  donorName: string;
  donorEmail: string;
  donations: {
    receiptNumber: string;
    fundName: string;
    amountPoisha: number;
    succeededAt: Date;
    refunded: boolean;
  }[];
}

// Bengali letters, the dandas and the zero-width (non-)joiners that shape them.
const BENGALI = /((?:[\u0980-\u09FF\u0964\u0965]|\u200C|\u200D)+)/;

type Doc = PDFKit.PDFDocument;

/** Text in runs of one script each: Bengali in the Bengali subset, the rest in Latin. */
function mixed(
  doc: Doc,
  text: string,
  opts: { bold?: boolean; x?: number; width?: number; size?: number } = {},
) {
  const runs = text.split(BENGALI).filter((r) => r !== '');
  doc.fontSize(opts.size ?? 11);
  runs.forEach((run, i) => {
    const bengali = BENGALI.test(run);
    doc.font(bengali ? (opts.bold ? 'bnBold' : 'bn') : opts.bold ? 'latinBold' : 'latin');
    const last = i === runs.length - 1;
    if (i === 0 && opts.x !== undefined) {
      doc.text(run, opts.x, doc.y, { width: opts.width, continued: !last });
    } else {
      doc.text(run, { width: opts.width, continued: !last });
    }
  });
  if (runs.length === 0) doc.text('', opts.x, doc.y);
}

function newDocument(title: string): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Author: 'Easy Fund' },
  });
  for (const [name, data] of receiptFonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

function header(doc: Doc, org: Organisation, title: string) {
  mixed(doc, org.name, { bold: true, size: 18 });
  // ORG_ADDRESS may hold line breaks (\n); long lines wrap.
  for (const line of org.address.split(/\\n|\n/).filter(Boolean)) {
    mixed(doc, line.trim(), { size: 10 });
  }
  doc.moveDown(1.2);
  mixed(doc, title, { bold: true, size: 15 });
  doc.moveDown(0.6);
}

/** A label and its value on one row. */
function row(doc: Doc, label: string, value: string) {
  const y = doc.y;
  doc.font('latin').fontSize(10).fillColor('#555555').text(label, 56, y, { width: 150 });
  doc.fillColor('#000000');
  doc.y = y;
  mixed(doc, value, { x: 210, width: 330 });
  doc.moveDown(0.4);
}

/** One donation's receipt (A4). */
export async function renderReceipt(org: Organisation, r: ReceiptData): Promise<Buffer> {
  const { doc, done } = newDocument(`Receipt ${r.receiptNumber}`);
  header(doc, org, 'Donation receipt');
  row(doc, 'Receipt number', r.receiptNumber);
  row(doc, 'Date and time', `${formatDateTime(r.succeededAt)} (Asia/Dhaka)`);
  row(doc, 'Donor', r.donorName);
  row(doc, 'E-mail', r.donorEmail);
  row(doc, 'Fund', r.fundName);
  row(doc, 'Amount', formatTk(r.amountPoisha));
  row(doc, 'Amount in words', amountInWords(r.amountPoisha));
  row(doc, 'Payment method', r.paymentMethod);
  row(doc, 'Transaction ID', r.transactionId);
  if (r.testMode) {
    doc.moveDown(0.6);
    mixed(doc, 'Test payment: no money was taken. This is not a receipt for a gift.', {
      bold: true,
      x: 56,
    });
  }
  if (r.refunded) {
    doc.moveDown(0.6);
    mixed(doc, 'This donation was refunded.', { bold: true, x: 56 });
  } else if (r.refundedPoisha > 0) {
    row(doc, 'Refunded', formatTk(r.refundedPoisha));
    row(doc, 'Kept as a donation', formatTk(r.amountPoisha - r.refundedPoisha));
  }
  doc.moveDown(1.5);
  mixed(doc, `Thank you for your donation. ${org.name} received it with gratitude.`, {
    x: 56,
    size: 10,
  });
  doc.end();
  return done;
}

/** A year's donations of one donor, with the total of those not refunded. */
export async function renderStatement(org: Organisation, s: StatementData): Promise<Buffer> {
  const { doc, done } = newDocument(`Donation statement ${s.year}`);
  header(doc, org, `Donation statement ${s.year}`);
  row(doc, 'Donor', s.donorName);
  row(doc, 'E-mail', s.donorEmail);
  doc.moveDown(0.6);
  const cols = { date: 56, receipt: 150, fund: 260, amount: 440 };
  const line = (date: string, receipt: string, fund: string, amount: string, bold = false) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'latinBold' : 'latin').fontSize(9);
    doc.text(date, cols.date, y, { width: 90 });
    doc.text(receipt, cols.receipt, y, { width: 105 });
    doc.y = y;
    mixed(doc, fund, { x: cols.fund, width: 175, size: 9, bold });
    const after = doc.y;
    doc.font(bold ? 'latinBold' : 'latin').fontSize(9);
    doc.text(amount, cols.amount, y, { width: 100, align: 'right' });
    doc.y = Math.max(after, doc.y) + 3;
  };
  line('Date', 'Receipt', 'Fund', 'Amount', true);
  let total = 0;
  for (const d of s.donations) {
    if (!d.refunded) total += d.amountPoisha;
    line(
      formatDate(d.succeededAt),
      d.receiptNumber,
      d.fundName,
      d.refunded ? `${formatTk(d.amountPoisha)} (refunded)` : formatTk(d.amountPoisha),
    );
  }
  if (s.donations.length === 0) line('', '', 'No donations in this year.', '');
  doc.moveDown(0.4);
  line('', '', `Total (${s.donations.length} donations)`, formatTk(total), true);
  doc.moveDown(0.6);
  mixed(doc, `In words: ${amountInWords(total)}`, { x: 56, size: 10 });
  doc.end();
  return done;
}
