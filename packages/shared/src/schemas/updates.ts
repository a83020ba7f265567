import { z } from 'zod';
import { DECISION_STATUSES } from '../constants';
import { ZPageQuery } from './common';
import { paged, requiredText, ZImageRef, ZPersonRef } from './fields';

/** The longest update a raiser may post. */
export const UPDATE_BODY_MAX = 5000;

/**
 * The most updates a fund may post in 24 hours (each one e-mails every subscriber);
 * docs/decisions/455-mail-only-people-who-asked.md.
 */
export const UPDATES_PER_DAY = 3;

/**
 * An update from a fund's organiser, as anyone sees it on the fund page. The public sees
 * approved ones only; the organiser also sees a first update waiting for review
 * (`pending`) or denied, with the admin's feedback.
 */
export const ZFundUpdate = z.object({
  id: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  authorName: z.string(),
  status: z.enum(DECISION_STATUSES),
  feedback: z.string().nullable(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
});
export type TFundUpdate = z.infer<typeof ZFundUpdate>;

/** A fund's first update as admins review it: with its fund and organiser. */
export const ZAdminFundUpdate = ZFundUpdate.extend({
  fund: z.object({ id: z.string(), name: z.string() }),
  author: ZPersonRef,
  decidedBy: ZPersonRef.nullable(),
  decidedAt: z.string().nullable(),
});
export type TAdminFundUpdate = z.infer<typeof ZAdminFundUpdate>;

export const ZAdminFundUpdateList = paged(ZAdminFundUpdate);
export type TAdminFundUpdateList = z.infer<typeof ZAdminFundUpdateList>;

/** The admins' list of updates: waiting for review by default, oldest first. */
export const ZAdminFundUpdateQuery = ZPageQuery.extend({
  status: z.enum(DECISION_STATUSES).default('pending'),
});

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
