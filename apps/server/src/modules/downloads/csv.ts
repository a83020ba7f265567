import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/** Cells a spreadsheet would run as a formula (CSV injection): = + - @, tab and CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text, with a leading ' when a spreadsheet would take it for a formula. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Poisha as Tk with two decimals and no grouping ("1500.50"), which spreadsheets read as a number. */
export function tkCell(poisha: number): string {
  const sign = poisha < 0 ? '-' : '';
  const abs = Math.abs(poisha);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rows written as one piece of the download: about one page of the exports' reads. */
const ROWS_PER_CHUNK = 500;

/**
 * Answers with a CSV download streamed from `rows` (read page by page, never all at once):
 * UTF-8 with a byte-order mark (so Excel reads Bangla), CRLF line ends, every text cell
 * quoted (commas, quotes and line breaks inside stay one cell) and guarded against formulas.
 * The header goes at once, then the rows ROWS_PER_CHUNK at a time, each chunk one string
 * and one write (a stream step and a write per row cost more than the rows' own reading).
 * A client that goes away stops it: no page is read after that.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  rows: AsyncIterable<string[]>,
): FastifyReply {
  const options = {
    record_delimiter: 'windows',
    quoted_string: true,
    cast: { string: (v: string) => safeCell(v) },
  } as const;
  async function* chunks() {
    yield stringify([header], { ...options, bom: true });
    let batch: string[][] = [];
    for await (const row of rows) {
      batch.push(row);
      if (batch.length < ROWS_PER_CHUNK) continue;
      yield stringify(batch, options);
      batch = [];
    }
    if (batch.length) yield stringify(batch, options);
  }
  // A download the client gives up (the server then destroys the stream) returns the
  // chunks' generator, and with it the rows': no further page is read from the database.
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks(), { objectMode: false }));
}
