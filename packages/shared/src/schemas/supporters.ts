import { z } from 'zod';
import { ZPageQuery } from './common';

/** The donor wall's three lists: recent donations, top donations, words of support. */
export const WALL_VIEWS = ['recent', 'top', 'messages'] as const;
export type WallView = (typeof WALL_VIEWS)[number];

export const WALL_PAGE_SIZE = 10;

/** GET /api/funds/:id/supporters */
export const ZSupportersQuery = ZPageQuery.extend({
  view: z.enum(WALL_VIEWS).default('recent'),
  pageSize: z.coerce.number().int().min(1).max(50).default(WALL_PAGE_SIZE),
});
export type TSupportersQuery = z.input<typeof ZSupportersQuery>;

export const ZFundDonationParams = z.object({ id: z.uuid(), donationId: z.uuid() });

/** One donation on the wall, as the viewer may see it. */
export const ZSupporter = z.object({
  id: z.string(),
  /**
   * The name shown: "Anonymous" when the donor chose so (admins and the donor see the
   * name), otherwise shortened for privacy ("Nusrat J."; admins see it whole).
   */
  name: z.string(),
  anonymous: z.boolean(),
  /** The donation is the viewer's own. */
  mine: z.boolean(),
  amountPoisha: z.number().int(),
  message: z.string().nullable(),
  /** The message is hidden from the wall (only the raiser and admins see that one was). */
  messageHidden: z.boolean(),
  /** ISO 8601 date-time. */
  donatedAt: z.string(),
});
export type TSupporter = z.infer<typeof ZSupporter>;

/** One page of the wall; `hasMore` instead of a total, so a page costs one query. */
export const ZSupporterList = z.object({
  items: z.array(ZSupporter),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** The viewer is the fund's raiser or an admin, and may hide messages. */
  canModerate: z.boolean(),
});
export type TSupporterList = z.infer<typeof ZSupporterList>;

/** Hide a message of support from the wall, or show it again. */
export const ZHideMessageRequest = z.object({ hidden: z.boolean({ error: 'Say hidden or not' }) });

export const ZHideMessageResponse = z.object({ id: z.string(), messageHidden: z.boolean() });
