/** Limits of the public fund list (no zod here: the /donatenow page uses them). */
export const FUND_SEARCH_MAX = 100;
export const FUNDS_PAGE_SIZE = 12;

/** How /donatenow orders funds: newest first, closest to the goal first, most donors first. */
export const FUND_SORTS = ['newest', 'nearly-funded', 'most-donors'] as const;
export type FundSort = (typeof FUND_SORTS)[number];
