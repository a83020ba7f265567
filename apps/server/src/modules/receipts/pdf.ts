import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { type Font, type Glyph, create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatDateTime } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
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
export function oneLine(
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
