import { z } from 'zod';
import { paged, requiredText, ZImageRef } from './fields';

/** The longest update a raiser may post. */
export const UPDATE_BODY_MAX = 5000;

/** An update from a fund's organiser, as anyone sees it on the fund page. */
export const ZFundUpdate = z.object({
  id: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  authorName: z.string(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
});
export type TFundUpdate = z.infer<typeof ZFundUpdate>;

/** A fund's updates, newest first; `canPost` tells the page whether to show the form. */
export const ZFundUpdateList = paged(ZFundUpdate).extend({ canPost: z.boolean() });
export type TFundUpdateList = z.infer<typeof ZFundUpdateList>;

/** POST /api/funds/:id/updates: the text and an optional image (an upload or https). */
export const ZCreateFundUpdateRequest = z.object({
  body: requiredText(UPDATE_BODY_MAX),
  image: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZImageRef.optional()),
});
export type TCreateFundUpdateRequest = z.input<typeof ZCreateFundUpdateRequest>;

/** The signed token of an unsubscribe link (no sign-in needed). */
export const ZUnsubscribeParam = z.object({ token: z.string().min(10).max(100) });

/** What the unsubscribe page shows before the person confirms. */
export const ZUnsubscribeInfo = z.object({
  fundId: z.string(),
  fundName: z.string(),
  subscribed: z.boolean(),
});
export type TUnsubscribeInfo = z.infer<typeof ZUnsubscribeInfo>;
