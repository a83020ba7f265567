/** Limits of the public fund list (no zod here: the /donatenow page uses them). */
export const FUND_SEARCH_MAX = 100;
export const FUNDS_PAGE_SIZE = 12;
