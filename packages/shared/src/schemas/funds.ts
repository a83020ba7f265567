import { z } from 'zod';
import { CAUSE_IDS, DECISION_STATUSES } from '../constants';
import { FUND_SEARCH_MAX, FUNDS_PAGE_SIZE } from '../fund-limits';
import { ZPageQuery } from './common';

export const ZCause = z.enum(CAUSE_IDS);

/** A fund as anyone may see it (money in integer poisha; display with formatTk()). */
export const ZFundPublic = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  cause: ZCause,
  raiserName: z.string(),
  goalPoisha: z.number().int(),
  suggestedPoisha: z.number().int(),
  raisedPoisha: z.number().int(),
  donationCount: z.number().int(),
  status: z.enum(DECISION_STATUSES),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
});
export type TFundPublic = z.infer<typeof ZFundPublic>;

/** An empty query value (`?cause=`) means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export { FUND_SEARCH_MAX, FUNDS_PAGE_SIZE };

/** GET /api/funds: search by name or description, filter by cause, page through. */
export const ZFundListQuery = ZPageQuery.extend({
  q: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(FUND_SEARCH_MAX, `Search at most ${FUND_SEARCH_MAX} characters`)
      .optional(),
  ),
  cause: z.preprocess(blankToUndefined, ZCause.optional()),
  pageSize: z.coerce.number().int().min(1).max(100).default(FUNDS_PAGE_SIZE),
});
export type TFundListQuery = z.infer<typeof ZFundListQuery>;

export const ZFundList = z.object({
  items: z.array(ZFundPublic),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TFundList = z.infer<typeof ZFundList>;

/** A fund id in a URL: any string; an id that names no visible fund is a 404. */
export const ZFundIdParam = z.object({ id: z.string().min(1).max(100) });
