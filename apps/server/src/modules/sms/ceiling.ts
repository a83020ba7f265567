import { desc, eq, sql } from 'drizzle-orm';
import type { TSmsCosts } from '@easyfund/shared/schemas/sms';
import type { Db } from '../../db/client';
import { smsCeilingChanges, user } from '../../db/schema';
import type { TMe } from '@easyfund/shared/schemas/common';
import { smsDay } from './service';

/** How many of the latest changes the admins' screen shows. */
const CHANGES_SHOWN = 20;

/** The day's SMS ceiling in Tk: the latest an admin set, else the setting's default. */
export async function smsCeilingTk(db: Db, defaultTk: number): Promise<number> {
  const [row] = await db
    .select({ ceilingTk: smsCeilingChanges.ceilingTk })
    .from(smsCeilingChanges)
    .orderBy(desc(smsCeilingChanges.createdAt), desc(smsCeilingChanges.id))
    .limit(1);
  return row?.ceilingTk ?? defaultTk;
}

export interface CeilingSettings {
  defaultTk: number;
  segmentCostPoisha: number;
}

/** Today's SMS count and cost against the ceiling, and who changed the ceiling when. */
export async function smsCosts(db: Db, settings: CeilingSettings): Promise<TSmsCosts> {
  const [today, ceilingTk, changes] = await Promise.all([
    smsDay(db),
    smsCeilingTk(db, settings.defaultTk),
    db
      .select({
        ceilingTk: smsCeilingChanges.ceilingTk,
        previousTk: smsCeilingChanges.previousTk,
        by: user.name,
        at: smsCeilingChanges.createdAt,
      })
      .from(smsCeilingChanges)
      .leftJoin(user, eq(user.id, smsCeilingChanges.actorId))
      .orderBy(desc(smsCeilingChanges.createdAt), desc(smsCeilingChanges.id))
      .limit(CHANGES_SHOWN),
  ]);
  return {
    day: new Date().toISOString().slice(0, 10),
    messages: today.messages,
    segments: today.segments,
    costPoisha: today.costPoisha,
    refused: today.refused,
    ceilingTk,
    defaultCeilingTk: settings.defaultTk,
    segmentCostPoisha: settings.segmentCostPoisha,
    changes: changes.map((c) => ({ ...c, at: c.at.toISOString() })),
  };
}

/**
 * Sets the day's SMS ceiling: one row of the audit trail, written with the ceiling it
 * replaced (read in the same statement, so two admins at once each record what they saw).
 */
export async function setSmsCeiling(
  db: Db,
  admin: Pick<TMe, 'id'>,
  ceilingTk: number,
  settings: CeilingSettings,
): Promise<TSmsCosts> {
  await db.execute(sql`
    insert into ${smsCeilingChanges} (ceiling_tk, previous_tk, actor_id)
    select ${ceilingTk}::int, coalesce(
      (select ceiling_tk from ${smsCeilingChanges} order by created_at desc, id desc limit 1),
      ${settings.defaultTk}::int), ${admin.id}`);
  return smsCosts(db, settings);
}
