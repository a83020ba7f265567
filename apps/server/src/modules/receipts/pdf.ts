import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { type Font, type Glyph, create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import {
  formatDate,
  formatDateTime,
  formatDigits,
  formatNumber,
  formatTk,
} from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { amountInWords } from '@easyfund/shared/words';
import { translate } from '../../lib/i18n';

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

/** Words laid out per font before the list starts over (names and amounts vary; labels repeat). */
const MAX_REMEMBERED_RUNS = 10_000;

/** A TrueType glyph's outline as fontkit reads it from the font (read-only here). */
interface DecodingGlyph {
  _decode(): unknown;
}

/**
 * A receipt font, opened once per process:
 * - every word is shaped with fresh glyphs: fontkit keeps each glyph with the characters
 *   of its first use, and pdfkit maps a glyph back to text (copying, searching, reading
 *   aloud) by those, so a word's glyphs carry its own characters, whatever was shaped
 *   before it in the process;
 * - a glyph's outline is read from the font once: each document's subset reads the
 *   outline of every glyph it embeds again (to find a composite glyph's parts), a fifth of
 *   an English receipt's time. The fonts have no variations, so an outline never changes.
 */
function receiptFont(font: Font): Font {
  const glyphCache = font as unknown as { _glyphs: Record<number, Glyph> };
  const layout = (...args: unknown[]) => {
    const kept = glyphCache._glyphs;
    glyphCache._glyphs = {};
    try {
      return (font.layout as (...a: unknown[]) => unknown)(...args);
    } finally {
      glyphCache._glyphs = kept;
    }
  };
  const getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = font.getGlyph(id, codePoints);
    if (!Object.hasOwn(glyph, '_decode')) {
      const outline = (glyph as unknown as DecodingGlyph)._decode();
      Object.defineProperty(glyph, '_decode', { value: () => outline });
    }
    return glyph;
  };
  // The font itself for everything else (its tables, metrics and subsets; a subset reads
  // its glyphs through `getGlyph`).
  return Object.create(font, { layout: { value: layout }, getGlyph: { value: getGlyph } }) as Font;
}

/** A word as pdfkit lays it out: its glyphs and their places, in pdfkit's units. */
type LaidOutWord = unknown;

/** pdfkit's font of one document, as far as it is used here: its word layouts. */
interface DocumentFont {
  layoutRun(text: string): LaidOutWord;
  layoutCached(text: string): LaidOutWord;
}

/**
 * Each font's words, as pdfkit lays them out, for every document of the process: receipts
 * repeat their labels, digits and words, and shaping them (the Bengali conjuncts and vowel
 * signs above all) and scaling them was most of a receipt's time. pdfkit keeps a word's
 * layout per document and reads it without changing it (its word spacing copies the
 * places it changes), so one layout serves every document.
 */
const layoutsByFont = new Map<string, Map<string, LaidOutWord>>();

function shareLayouts(font: DocumentFont, name: string) {
  if (typeof font.layoutCached !== 'function' || typeof font.layoutRun !== 'function') {
    throw new Error('pdfkit no longer lays out words as this module expects');
  }
  let words = layoutsByFont.get(name);
  if (!words) layoutsByFont.set(name, (words = new Map()));
  const known = words;
  font.layoutCached = (text) => {
    let word = known.get(text);
    if (word === undefined) {
      word = font.layoutRun(text);
      if (known.size >= MAX_REMEMBERED_RUNS) known.clear();
      known.set(text, word);
    }
    return word;
  };
}

/**
 * The receipt fonts, unpacked and opened once per process and shared by every document.
 * fontkit decodes a font's tables (the Bengali shaping rules above all) as they are first
 * used and keeps them in the opened font: a font opened for each document decoded them
 * again for each receipt, 8 ms of processor for an English one and 70 ms for a Bangla
 * one. What belongs to one document (the subset of glyphs it embeds) is pdfkit's own,
 * per document.
 */
let openedFonts: [string, PDFKit.Mixins.PDFFontSource][] | undefined;
const receiptFonts = () =>
  (openedFonts ??= Object.entries(FONTS).map(([name, file]) => {
    const font = receiptFont(openFont(sfntFromWoff(readFileSync(file))) as Font);
    // pdfkit takes an opened fontkit font as well as a file (its types name only files).
    return [name, font as unknown as PDFKit.Mixins.PDFFontSource];
  }));

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
  /** Each part taken back, oldest first, with its credit note and reason. */
  refunds: RefundLine[];
  /** The donor gave it as Zakat. */
  zakat: boolean;
  /** Paid in the provider's test mode: no money moved. */
  testMode: boolean;
}

/** Money taken back from a donation (a refund or a dispute), as the papers show it. */
export interface RefundLine {
  creditNoteNumber: string | null;
  amountPoisha: number;
  createdAt: Date;
  reason: string | null;
}

export interface StatementData {
  year: number;
  donorName: string;
  donorEmail: string;
  donations: {
    receiptNumber: string;
    fundName: string;
    amountPoisha: number;
    /** Taken back so far: the statement counts the rest. */
    refundedPoisha: number;
    succeededAt: Date;
    refunded: boolean;
    zakat: boolean;
  }[];
  /** What the donor gave in the year, net of refunds (what the statement's total says). */
  totalPoisha: number;
  /** Of which given as Zakat, net of refunds. */
  zakatPoisha: number;
  /** Donations in the year (all of them, also when only the months are listed). */
  giftCount?: number;
  /**
   * A year of more donations than a statement lists (`maxGifts`): each month's count and
   * net total instead of the donations, which are then empty.
   */
  months?: { month: number; count: number; netPoisha: number }[];
  maxGifts?: number;
}

/** A credit note: money taken back from a donation whose receipt it refers to. */
export interface CreditNoteData {
  creditNoteNumber: string;
  createdAt: Date;
  amountPoisha: number;
  reason: string | null;
  /** A provider's dispute (a chargeback), not a refund we made. */
  dispute: boolean;
  receiptNumber: string;
  donationPoisha: number;
  donatedAt: Date;
  /** Taken back of the donation so far, this credit note included. */
  refundedPoisha: number;
  donorName: string;
  donorEmail: string;
  fundName: string;
  paymentMethod: string;
  transactionId: string;
  zakat: boolean;
  testMode: boolean;
}

// Bengali letters and digits, the dandas and the zero-width (non-)joiners that shape them.
const BENGALI = /((?:[\u0980-\u09FF\u0964\u0965]|\u200C|\u200D)+)/;

export type Doc = PDFKit.PDFDocument;

interface TextOptions {
  bold?: boolean;
  x?: number;
  width?: number;
  size?: number;
}

const fontOf = (run: string, bold?: boolean) =>
  BENGALI.test(run) ? (bold ? 'bnBold' : 'bn') : bold ? 'latinBold' : 'latin';

/** Text in runs of one script each: Bengali in the Bengali subset, the rest in Latin. */
export function mixed(doc: Doc, text: string, opts: TextOptions = {}) {
  const runs = text.split(BENGALI).filter((r) => r !== '');
  doc.fontSize(opts.size ?? 11);
  runs.forEach((run, i) => {
    doc.font(fontOf(run, opts.bold));
    const last = i === runs.length - 1;
    if (i === 0 && opts.x !== undefined) {
      doc.text(run, opts.x, doc.y, { width: opts.width, continued: !last });
    } else {
      doc.text(run, { width: opts.width, continued: !last });
    }
  });
  if (runs.length === 0) doc.text('', opts.x, doc.y);
}

/**
 * A short text on one line without wrapping, its runs placed one after the other:
 * aligned right in `width` when asked (amounts in a column), which pdfkit cannot do for
 * text continued across fonts.
 */
function oneLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { bold?: boolean; size: number; width: number; alignRight?: boolean },
) {
  const runs = text.split(BENGALI).filter((r) => r !== '');
  doc.fontSize(opts.size);
  const widths = runs.map((run) => doc.font(fontOf(run, opts.bold)).widthOfString(run));
  let at = opts.alignRight ? x + opts.width - widths.reduce((a, b) => a + b, 0) : x;
  runs.forEach((run, i) => {
    doc.font(fontOf(run, opts.bold)).text(run, at, y, { lineBreak: false });
    at += widths[i]!;
  });
  doc.y = y + doc.currentLineHeight(true);
}

/**
 * Gives every glyph a text in the PDF's ToUnicode map. Glyphs the Bengali shaper adds
 * (the second half of a split vowel sign, parts of a conjunct) have no code points of
 * their own, and pdfkit writes an empty mapping for them, which readers turn into
 * control characters or stray Latin digits when the text is copied or searched. They
 * are mapped to a zero-width space instead.
 */
function mapShapedGlyphs(doc: Doc) {
  const families = (doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })
    ._fontFamilies;
  for (const font of Object.values(families)) {
    font.unicode?.forEach((codePoints, gid) => {
      if (gid > 0 && codePoints.length === 0) font.unicode![gid] = [0x200b];
    });
  }
}

export function finish(doc: Doc) {
  mapShapedGlyphs(doc);
  doc.end();
}

export function newDocument(title: string): { doc: Doc; done: Promise<Buffer> } {
  const fonts = receiptFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Author: 'Easy Fund' },
    // No default font: pdfkit's own (Helvetica, never drawn here) cost a read and parse of
    // its metrics file for every document, and pdfkit sets the default again on each page
    // it begins itself, in the middle of a line carried onto it: the Bengali words of a
    // statement's last line were drawn in the Latin font there, as empty glyphs. The
    // receipt's fonts are opened just below.
    font: null as unknown as string,
  });
  // Each font opened once per document, under its own name. (Given as the default font,
  // the Latin one was opened anew at every change back to it: pdfkit found it equal to the
  // default by comparing the two fonts' name tables, and kept neither under 'latin'.)
  const drawn = doc as unknown as { _font: DocumentFont };
  for (const [name, data] of fonts) {
    doc.registerFont(name, data).font(name);
    shareLayouts(drawn._font, name);
  }
  doc.font('latin');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export function header(doc: Doc, org: Organisation, title: string) {
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
export function row(doc: Doc, label: string, value: string) {
  const y = doc.y;
  doc.fillColor('#555555');
  mixed(doc, label, { x: 56, width: 150, size: 10 });
  const afterLabel = doc.y;
  doc.fillColor('#000000');
  doc.y = y;
  mixed(doc, value, { x: 210, width: 330 });
  doc.y = Math.max(doc.y, afterLabel);
  doc.moveDown(0.4);
}

/** The document's texts in its language (the catalogues are keyed by the English wording). */
export const translator =
  (lang: Language) =>
  (text: string, values?: Record<string, string | number>): string =>
    translate(lang, text, values);

/**
 * One donation's receipt (A4), in the donor's language: labels, the amount in figures
 * and in words, and the date in Dhaka. Names, the fund and the provider's id stay as
 * they are.
 */
export async function renderReceipt(
  org: Organisation,
  r: ReceiptData,
  lang: Language = 'en',
): Promise<Buffer> {
  const t = translator(lang);
  const { doc, done } = newDocument(t('Receipt {{number}}', { number: r.receiptNumber }));
  header(doc, org, t('Donation receipt'));
  row(doc, t('Receipt number'), r.receiptNumber);
  timeRow(doc, t, r.succeededAt, lang);
  donorRows(doc, t, r);
  row(doc, t('Amount'), formatTk(r.amountPoisha, lang));
  row(doc, t('Amount in words'), amountInWords(r.amountPoisha, lang));
  if (r.zakat) row(doc, t('Given as'), t('Zakat'));
  methodRows(doc, t, r, lang);
  if (r.testMode) testNotice(doc, t);
  if (r.refunded) {
    doc.moveDown(0.6);
    mixed(doc, t('This donation was refunded.'), { bold: true, x: 56 });
    doc.moveDown(0.4);
  } else if (r.refundedPoisha > 0) {
    row(doc, t('Refunded'), formatTk(r.refundedPoisha, lang));
    row(doc, t('Kept as a donation'), formatTk(r.amountPoisha - r.refundedPoisha, lang));
  }
  refundLines(doc, r.refunds, lang);
  closing(
    doc,
    t('Thank you for your donation. {{org}} received it with gratitude.', { org: org.name }),
  );
  return done;
}

type Translate = ReturnType<typeof translator>;

/** When a paper's money moved, in Dhaka time. */
export function timeRow(doc: Doc, t: Translate, at: Date | string, lang: Language) {
  row(doc, t('Date and time'), t('{{time}} (Asia/Dhaka)', { time: formatDateTime(at, lang) }));
}

/** Who gave, and to which fund: names and the e-mail stay as they are. */
export function donorRows(
  doc: Doc,
  t: Translate,
  p: { donorName: string; donorEmail: string; fundName: string },
) {
  row(doc, t('Donor'), p.donorName);
  row(doc, t('E-mail'), p.donorEmail);
  row(doc, t('Fund'), p.fundName);
}

/** How the donation was paid, and the transaction id the donor's statement shows. */
export function methodRows(
  doc: Doc,
  t: Translate,
  p: { paymentMethod: string; transactionId: string },
  lang: Language,
) {
  // A method the catalogue does not know (a wallet's own name) is shown as it is.
  row(doc, t('Payment method'), translate(lang, p.paymentMethod));
  row(doc, t('Transaction ID'), p.transactionId);
}

/** The notice on a paper of a test payment: no money was taken. */
export function testNotice(doc: Doc, t: Translate) {
  doc.moveDown(0.6);
  mixed(doc, t('Test payment: no money was taken. This is not a receipt for a gift.'), {
    bold: true,
    x: 56,
  });
}

/** A paper's closing words, and its end. */
export function closing(doc: Doc, text: string) {
  doc.moveDown(1.5);
  mixed(doc, text, { x: 56, size: 10 });
  finish(doc);
}

/** Each part taken back: its credit note, date, amount and reason (what the donor reads). */
function refundLines(doc: Doc, refunds: RefundLine[], lang: Language) {
  const t = translator(lang);
  for (const x of refunds) {
    const values = {
      number: x.creditNoteNumber ?? '—',
      date: formatDate(x.createdAt, lang),
      amount: formatTk(x.amountPoisha, lang),
    };
    row(doc, t('Credit note {{number}}', values), t('{{amount}} refunded on {{date}}', values));
    if (x.reason) row(doc, t('Reason'), x.reason);
  }
}

/** A year's donations of one donor, with the total of what they gave net of refunds, in their language. */
export async function renderStatement(
  org: Organisation,
  s: StatementData,
  lang: Language = 'en',
): Promise<Buffer> {
  const t = translator(lang);
  const title = t('Donation statement {{year}}', { year: formatDigits(s.year, lang) });
  const { doc, done } = newDocument(title);
  header(doc, org, title);
  row(doc, t('Donor'), s.donorName);
  row(doc, t('E-mail'), s.donorEmail);
  doc.moveDown(0.6);
  const cols = { date: 56, receipt: 150, fund: 260, amount: 440 };
  const line = (date: string, receipt: string, fund: string, amount: string, bold = false) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    oneLine(doc, date, cols.date, y, { bold, size: 9, width: 90 });
    oneLine(doc, receipt, cols.receipt, y, { bold, size: 9, width: 105 });
    let bottom = doc.y;
    doc.y = y;
    mixed(doc, fund, { x: cols.fund, width: 175, size: 9, bold });
    bottom = Math.max(bottom, doc.y);
    oneLine(doc, amount, cols.amount, y, { bold, size: 9, width: 100, alignRight: true });
    doc.y = Math.max(bottom, doc.y) + 3;
  };
  if (s.months) {
    monthsOf(doc, s, lang, line);
  } else {
    line(t('Date'), t('Receipt'), t('Fund'), t('Amount'), true);
  }
  for (const d of s.donations) {
    const amount = formatTk(d.amountPoisha, lang);
    const fund = d.zakat ? t('{{fund}} (Zakat)', { fund: d.fundName }) : d.fundName;
    // A partly refunded gift counts what was kept, and says what went back.
    const partly = !d.refunded && d.refundedPoisha > 0;
    line(
      formatDate(d.succeededAt, lang),
      d.receiptNumber,
      partly
        ? `${fund}\n${t('{{refunded}} of {{amount}} refunded', { amount, refunded: formatTk(d.refundedPoisha, lang) })}`
        : fund,
      d.refunded
        ? t('{{amount}} (refunded)', { amount })
        : formatTk(d.amountPoisha - d.refundedPoisha, lang),
    );
  }
  if (s.donations.length === 0 && !s.months) line('', '', t('No donations in this year.'), '');
  doc.moveDown(0.4);
  const count = s.giftCount ?? s.donations.length;
  line(
    '',
    '',
    t('Total ({{n}} donations)', { count, n: formatNumber(count, lang) }),
    formatTk(s.totalPoisha, lang),
    true,
  );
  if (s.zakatPoisha > 0) line('', '', t('Of which Zakat'), formatTk(s.zakatPoisha, lang));
  doc.moveDown(0.6);
  mixed(doc, t('In words: {{amount}}', { amount: amountInWords(s.totalPoisha, lang) }), {
    x: 56,
    size: 10,
  });
  finish(doc);
  return done;
}

/**
 * A year of more donations than a statement lists: why, where each donation is, and each
 * month's count and net total (the year's total follows as on every statement).
 */
function monthsOf(
  doc: Doc,
  s: StatementData,
  lang: Language,
  line: (date: string, receipt: string, fund: string, amount: string, bold?: boolean) => void,
) {
  const t = translator(lang);
  mixed(
    doc,
    t(
      'This year has {{gifts}} donations, more than the {{max}} a statement lists one by one: here are their totals by month. Every donation is in “Download my donations (CSV)” on the My Donations page.',
      {
        gifts: formatNumber(s.giftCount ?? 0, lang),
        max: formatNumber(s.maxGifts ?? 0, lang),
      },
    ),
    { x: 56, size: 10 },
  );
  doc.moveDown(0.6);
  const monthName = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  line(t('Month'), '', t('Donations'), t('Amount'), true);
  for (const m of s.months ?? []) {
    line(
      `${monthName.format(Date.UTC(s.year, m.month - 1, 1))} ${formatDigits(s.year, lang)}`,
      '',
      formatNumber(m.count, lang),
      formatTk(m.netPoisha, lang),
    );
  }
}
