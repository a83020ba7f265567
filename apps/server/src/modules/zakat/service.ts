import { eq } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TFundZakat, TZakatSettings } from '@easyfund/shared/schemas/zakat';
import type { Db } from '../../db/client';
import { funds, zakatSettings } from '../../db/schema';
import { OWN_FUND_ZAKAT, refuseOwn } from '../decisions/service';
import { NotFound } from '../../lib/errors';
import { recordEvent } from '../funds/events';

/** The prices behind the nisab; zero (and no date) until an admin sets them. */
export async function getZakatSettings(db: Db): Promise<TZakatSettings> {
  const [row] = await db.select().from(zakatSettings).where(eq(zakatSettings.id, 1));
  return row
    ? {
        goldPoishaPerGram: row.goldPoishaPerGram,
        silverPoishaPerGram: row.silverPoishaPerGram,
        updatedAt: row.updatedAt.toISOString(),
      }
    : { goldPoishaPerGram: 0, silverPoishaPerGram: 0, updatedAt: null };
}

/** An admin sets today's gold and silver prices per gram (Tk, kept as poisha). */
export async function updateZakatSettings(
  db: Db,
  admin: Pick<TMe, 'id'>,
  input: { goldTkPerGram: number; silverTkPerGram: number },
): Promise<TZakatSettings> {
  const values = {
    goldPoishaPerGram: Math.round(input.goldTkPerGram * 100),
    silverPoishaPerGram: Math.round(input.silverTkPerGram * 100),
    updatedBy: admin.id,
    updatedAt: new Date(),
  };
  await db
    .insert(zakatSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: zakatSettings.id, set: values });
  return getZakatSettings(db);
}

/** An admin marks a fund Zakat-eligible with a reason (or unmarks it); kept in its audit trail. */
export async function setFundZakat(
  db: Db,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  input: { eligible: boolean; note: string | null },
): Promise<TFundZakat> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        zakatEligible: funds.zakatEligible,
        zakatNote: funds.zakatNote,
        raiserId: funds.raiserId,
      })
      .from(funds)
      .where(eq(funds.id, fundId))
      .for('update');
    if (!current) throw new NotFound('Fund');
    // Taking the mark off one's own fund stays allowed: it only takes something away.
    if (input.eligible) refuseOwn(current.raiserId, admin.id, OWN_FUND_ZAKAT);
    const before = { zakatEligible: current.zakatEligible, zakatNote: current.zakatNote };
    const after = { zakatEligible: input.eligible, zakatNote: input.eligible ? input.note : null };
    const [row] = await tx
      .update(funds)
      .set(after)
      .where(eq(funds.id, fundId))
      .returning({ id: funds.id, zakatEligible: funds.zakatEligible, zakatNote: funds.zakatNote });
    await recordEvent(tx, fundId, admin.id, 'zakat', before, after);
    return row!;
  });
}
