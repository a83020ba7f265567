import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
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

/**
 * Answers with a CSV download streamed from `rows` (read page by page, never all at once):
 * UTF-8 with a byte-order mark (so Excel reads Bangla), CRLF line ends, every text cell
 * quoted (commas, quotes and line breaks inside stay one cell) and guarded against formulas.
 * A client that goes away stops it: no page is read after that.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  rows: AsyncIterable<string[]>,
): FastifyReply {
  const csv = stringify({
    bom: true,
    record_delimiter: 'windows',
    quoted_string: true,
    cast: { string: (v) => safeCell(v) },
  });
  async function* records() {
    yield header;
    for await (const row of rows) yield row;
  }
  // Piped both ways: a download the client gives up (the server then destroys `csv`)
  // ends the rows' generator too, so no further page is read from the database.
  pipeline(Readable.from(records()), csv, () => {});
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
