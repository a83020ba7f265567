import { z } from 'zod';
import { CAUSE_IDS, DECISION_STATUSES, MAX_DONATION_TK, MIN_DONATION_TK } from '../constants';
import { FUND_SEARCH_MAX, FUND_SORTS, type FundSort, FUNDS_PAGE_SIZE } from '../fund-limits';
import { formatTk } from '../money';
import { MSG } from '../texts';
import { ZPageQuery } from './common';
import {
  nameText,
  optionalPlainText,
  paged,
  requiredText,
  requiredWholeTk,
  ZFundImage,
  ZPersonRef,
  ZShownVersion,
} from './fields';

export const ZCause = z.enum(CAUSE_IDS);

/** An admin took a fund down: suspended (may be lifted) or closed (final). */
export const FUND_HOLDS = ['suspended', 'closed'] as const;
export type FundHold = (typeof FUND_HOLDS)[number];
export const ZFundHold = z.enum(FUND_HOLDS);

/**
 * A fund as anyone may see it (money in integer poisha; display with formatTk()). A fund
 * an admin took down (`hold`) keeps its name, numbers and the admin's reason for the
 * public, but not its pitch: `image` and `description` are null (and it is not offered
 * for Zakat) for everyone but its raiser and admins (decision 453).
 */
export const ZFundPublic = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  cause: ZCause,
  raiserName: z.string(),
  goalPoisha: z.number().int(),
  suggestedPoisha: z.number().int(),
  raisedPoisha: z.number().int(),
  donationCount: z.number().int(),
  /** Distinct people who gave (one person giving twice counts once). */
  donorCount: z.number().int(),
  status: z.enum(DECISION_STATUSES),
  /** Suspended or closed by an admin (no donations), with the reason shown on the page. */
  hold: ZFundHold.nullable(),
  holdReason: z.string().nullable(),
  /** An admin found it Zakat-eligible; the note says why (shown on the page). */
  zakatEligible: z.boolean(),
  zakatNote: z.string().nullable(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
});
export type TFundPublic = z.infer<typeof ZFundPublic>;

/** An empty query value (`?cause=`) means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export { FUND_SEARCH_MAX, FUNDS_PAGE_SIZE };

export { FUND_SORTS, type FundSort };
export const ZFundSort = z.enum(FUND_SORTS);

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
  sort: z.preprocess(blankToUndefined, ZFundSort.default('newest')),
  /** `zakat=1`: Zakat-eligible funds only. */
  zakat: z.preprocess(
    (v) =>
      v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : blankToUndefined(v),
    z.boolean().optional(),
  ),
  pageSize: z.coerce.number().int().min(1).max(100).default(FUNDS_PAGE_SIZE),
  /** Leave one fund out (a fund page's related funds leave out the fund itself). */
  exclude: z.preprocess(blankToUndefined, z.uuid().optional()),
});
export type TFundListQuery = z.infer<typeof ZFundListQuery>;

/**
 * A fund in a list (Donate Now, the home page, a fund page's related funds): what a card
 * shows and sorts by, without the long texts only the fund's own page shows — its story,
 * an admin's Zakat note and hold reason (decision 444). Listed funds are approved and not
 * on hold, so neither is sent.
 */
export const ZFundCard = ZFundPublic.omit({
  description: true,
  zakatNote: true,
  holdReason: true,
  hold: true,
  status: true,
}).extend({ image: z.string() });
export type TFundCard = z.infer<typeof ZFundCard>;

export const ZFundList = paged(ZFundCard);
export type TFundList = z.infer<typeof ZFundList>;

/** A fund id in a URL: any string; an id that names no visible fund is a 404. */
export const ZFundIdParam = z.object({ id: z.string().min(1).max(100) });

/** A JPEG picture (a fund's share image). */
export const ZJpeg = z.string().describe('image/jpeg');

/* ---------- a raiser's own funds and the admins' fund decisions ---------- */

export const MIN_GOAL_TK = 100;
export const MAX_GOAL_TK = 100_000_000;

const tk = (n: number) => formatTk(n * 100);

/** The goal (the spec's availableSeats): whole Tk, parsed strictly. */
const ZGoalTk = requiredWholeTk().pipe(
  z
    .number()
    .min(MIN_GOAL_TK, `The goal must be at least ${tk(MIN_GOAL_TK)}`)
    .max(MAX_GOAL_TK, `The goal must be at most ${tk(MAX_GOAL_TK)}`),
);

/**
 * The suggested amount (the spec's price), in whole Tk like every amount: 10.5 or 10.001
 * is refused with a message, never cut to 10.
 */
const ZSuggestedTk = requiredWholeTk().pipe(
  z
    .number()
    .min(MIN_DONATION_TK, `The suggested amount must be at least ${tk(MIN_DONATION_TK)}`)
    .max(MAX_DONATION_TK, `The suggested amount must be at most ${tk(MAX_DONATION_TK)}`),
);

/** The cause a raiser chooses: 'This field is required' when none is chosen. */
const ZCauseField = z.enum(CAUSE_IDS, { error: MSG.fieldRequired });

/** The fields a raiser sets on a fund. Status, totals and the raiser are never settable. */
export const ZFundFields = z.object({
  name: nameText(120),
  image: ZFundImage,
  description: requiredText(5000),
  cause: ZCauseField,
  goalTk: ZGoalTk,
  suggestedTk: ZSuggestedTk,
});

export const SUGGESTED_ABOVE_GOAL = 'The suggested amount cannot be more than the goal';

/** Request for Fund (POST /api/funds). */
export const ZCreateFundRequest = ZFundFields.refine((v) => v.suggestedTk <= v.goalTk, {
  message: SUGGESTED_ABOVE_GOAL,
  path: ['suggestedTk'],
});
export type TCreateFundRequest = z.output<typeof ZCreateFundRequest>;
export type TCreateFundForm = z.input<typeof ZCreateFundRequest>;

/** Update Your Fund (PATCH /api/funds/:id): any of the fields, at least one. */
export const ZUpdateFundRequest = ZFundFields.partial().refine(
  (v) => Object.values(v).some((x) => x !== undefined),
  { message: 'Change at least one field' },
);
export type TUpdateFundRequest = z.output<typeof ZUpdateFundRequest>;

const ZStatus = z.enum(DECISION_STATUSES);

/** What a raiser's and an admin's view of a fund share. */
const ZFundRecord = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  cause: z.string(),
  goalPoisha: z.number().int(),
  suggestedPoisha: z.number().int(),
  raisedPoisha: z.number().int(),
  donationCount: z.number().int(),
  donorCount: z.number().int(),
  status: ZStatus,
  feedback: z.string().nullable(),
  hold: ZFundHold.nullable(),
  holdReason: z.string().nullable(),
  /** A material edit of an approved fund waiting for an admin (the approved version stays public). */
  pendingChange: z
    .object({
      name: z.string().optional(),
      image: z.string().optional(),
      description: z.string().optional(),
      goalPoisha: z.number().int().optional(),
      /** ISO 8601 date-time. */
      createdAt: z.string(),
    })
    .nullable(),
});

/** Fields whose change on an approved fund goes back to review. */
export const MATERIAL_FIELDS = ['name', 'image', 'description', 'goalPoisha'] as const;

/** An admin suspends, closes or lifts the suspension of a fund. */
export const ZHoldRequest = z
  .object({
    action: z.enum(['suspend', 'close', 'lift'], { error: 'Choose suspend, close or lift' }),
    reason: optionalPlainText(500),
    /** The fund's version the admin was shown (decision 452). */
    version: ZShownVersion,
  })
  .refine((v) => v.action === 'lift' || v.reason, {
    message: 'Give the reason shown on the fund page',
    path: ['reason'],
  });
export type THoldRequest = z.input<typeof ZHoldRequest>;

/** A raiser's own fund, with its totals and what can still be withdrawn. */
export const ZOwnFund = ZFundRecord.extend({
  /** Approved and paid withdrawals. */
  withdrawnPoisha: z.number().int(),
  pendingWithdrawalPoisha: z.number().int(),
  /** Approved, not yet paid: held for the payout. */
  heldForPayoutPoisha: z.number().int(),
  /** Paid out to the raiser. */
  paidOutPoisha: z.number().int(),
  availablePoisha: z.number().int(),
  /** A payout paid 30 days ago or more has no approved spending report yet. */
  reportDue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOwnFund = z.infer<typeof ZOwnFund>;

/** GET /api/me/funds: My Raised Fund. */
export const ZMyFundsResponse = z.object({
  items: z.array(ZOwnFund),
  totalRaisedPoisha: z.number().int(),
  totalDonations: z.number().int(),
  availablePoisha: z.number().int(),
  heldForPayoutPoisha: z.number().int(),
  paidOutPoisha: z.number().int(),
});
export type TMyFundsResponse = z.infer<typeof ZMyFundsResponse>;

/** A fund as the admin's Manage Fund Request page shows it. */
export const ZAdminFund = ZFundRecord.extend({
  /**
   * Rises with every change of what this shows (the pending edit included, donations'
   * totals not); a decision sends back the version it was made on (decision 452).
   */
  version: z.number().int(),
  raiser: ZPersonRef,
  decidedBy: ZPersonRef.nullable(),
  decidedAt: z.string().nullable(),
  /** A payout paid 30 days ago or more has no approved spending report yet. */
  reportDue: z.boolean(),
  createdAt: z.string(),
});
export type TAdminFund = z.infer<typeof ZAdminFund>;
export const ZAdminFundList = paged(ZAdminFund);

export const ZAdminFundQuery = ZPageQuery.extend({ status: ZStatus.optional() });

/** One entry of a fund's audit trail. */
export const ZFundEvent = z.object({
  id: z.string(),
  action: z.string(),
  actor: ZPersonRef.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TFundEvent = z.infer<typeof ZFundEvent>;
export const ZFundEventList = z.object({ items: z.array(ZFundEvent) });
export type TFundEventList = z.infer<typeof ZFundEventList>;
