import { desc, eq } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TRamadan, TSetRamadanRequest } from '@easyfund/shared/schemas/recurring';
import type { Db } from '../../db/client';
import { ramadanDates, user } from '../../db/schema';
import { dayOf } from './schedule';

/** The Ramadan dates in force (the newest an admin set), and whether `now` falls within them. */
export async function ramadanNow(db: Db, now: Date = new Date()): Promise<TRamadan> {
  const [row] = await db
    .select({ startsOn: ramadanDates.startsOn, endsOn: ramadanDates.endsOn })
    .from(ramadanDates)
    .orderBy(desc(ramadanDates.setAt))
    .limit(1);
  const startsOn = row?.startsOn ?? null;
  const endsOn = row?.endsOn ?? null;
  const today = dayOf(now);
  return {
    startsOn,
    endsOn,
    open: startsOn !== null && endsOn !== null && startsOn <= today && today <= endsOn,
  };
}

/** An admin sets (or clears) the dates: a new row, so every change stays with its author. */
export async function setRamadan(db: Db, me: Pick<TMe, 'id'>, input: TSetRamadanRequest) {
  await db
    .insert(ramadanDates)
    .values({ startsOn: input.startsOn, endsOn: input.endsOn, setBy: me.id });
  return ramadanNow(db);
}

export async function ramadanHistory(db: Db) {
  const rows = await db
    .select({
      startsOn: ramadanDates.startsOn,
      endsOn: ramadanDates.endsOn,
      setBy: user.name,
      setAt: ramadanDates.setAt,
    })
    .from(ramadanDates)
    .leftJoin(user, eq(user.id, ramadanDates.setBy))
    .orderBy(desc(ramadanDates.setAt))
    .limit(100);
  return { items: rows.map((r) => ({ ...r, setAt: r.setAt.toISOString() })) };
}
