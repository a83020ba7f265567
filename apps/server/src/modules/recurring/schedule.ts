/** Dates of monthly gifts: periods are months of Asia/Dhaka (UTC+6, no daylight saving). */
const DHAKA_OFFSET_MS = 6 * 60 * 60_000;

/** The period (YYYY-MM in Dhaka) a charge due at `at` belongs to. */
export function periodOf(at: Date): string {
  const d = new Date(at.getTime() + DHAKA_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The same day a month later (a gift started on the 29th to 31st falls on the 28th, so
 * that no month is skipped or charged twice).
 */
export function nextMonth(at: Date): Date {
  const d = new Date(at.getTime() + DHAKA_OFFSET_MS);
  const day = Math.min(d.getUTCDate(), 28);
  const next = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      day,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  return new Date(next.getTime() - DHAKA_OFFSET_MS);
}

/** Days after a failed charge when it is tried again; after the last, the gift pauses. */
export const DUNNING_DAYS = [1, 3, 7] as const;

/** The day (YYYY-MM-DD in Dhaka) `at` falls on: the period of a daily gift. */
export function dayOf(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The same time a day later (Dhaka has no daylight saving: always 24 hours). */
export function nextDay(at: Date): Date {
  return new Date(at.getTime() + 24 * 60 * 60_000);
}

/** The start (midnight in Dhaka) of the day after `day` (YYYY-MM-DD): a daily gift's end. */
export function endOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000 - DHAKA_OFFSET_MS);
}
