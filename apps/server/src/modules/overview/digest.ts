import { PAGES } from '@easyfund/shared/pages';
import type { Db } from '../../db/client';
import { type MailQueue, sendAdminDigest } from '../notifications/service';
import { waitingCounts } from './service';

/** Today in Asia/Dhaka as YYYY-MM-DD: the digest's day. */
export function dhakaDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(at);
}

/**
 * Today's digest of what waits for a decision, to every admin (once per admin per day:
 * the mail's key names the day). Answers how many admins it went to.
 */
export async function sendTodaysDigest(
  db: Db,
  queue: MailQueue,
  publicUrl: string,
  at: Date = new Date(),
): Promise<number> {
  return sendAdminDigest(db, queue, await waitingCounts(db), {
    day: dhakaDay(at),
    overviewUrl: new URL(PAGES.adminOverview.path, publicUrl).toString(),
  });
}
