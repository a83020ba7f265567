import { z } from 'zod';

/** The longest range an admin export covers, in days (both ends included). */
export const MAX_EXPORT_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD';
const ZDay = z.iso.date(DATE_MESSAGE);

/** An export's range: Asia/Dhaka calendar days, both included. */
export const ZExportRange = z
  .object({ from: ZDay, to: ZDay })
  .refine((r) => r.from <= r.to, {
    message: 'The end date must not be before the start date',
    path: ['to'],
  })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / DAY_MS < MAX_EXPORT_DAYS, {
    message: 'Choose at most 366 days',
    path: ['to'],
  });
export type TExportRange = z.infer<typeof ZExportRange>;

/** A CSV download (UTF-8 with a byte-order mark, CRLF line ends). */
export const ZCsv = z.string().describe('CSV, UTF-8 with BOM');
