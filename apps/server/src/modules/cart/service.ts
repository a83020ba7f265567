import { and, desc, eq } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TAddToCartRequest,
  TAddToCartResponse,
  TCartList,
} from '@easyfund/shared/schemas/cart';
import type { Db } from '../../db/client';
import { cartItems, funds, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { isOpen, openFund } from '../funds/open';
import { fundsWithRaiser } from '../funds/with-raiser';

/**
 * Adds an approved fund to the user's selected donations. A fund is there at most
 * once: adding it again is a no-op that says so (`added: false`).
 */
export async function addToCart(
  db: Db,
  actor: TMe,
  input: TAddToCartRequest,
): Promise<TAddToCartResponse> {
  // Suspended and closed funds take no donations either.
  const fund = await openFund(db, input.fundId);
  if (!fund) throw new NotFound('Fund');

  const [created] = await db
    .insert(cartItems)
    .values({ userId: actor.id, fundId: fund.id })
    .onConflictDoNothing({ target: [cartItems.userId, cartItems.fundId] })
    .returning({ id: cartItems.id });
  if (created) return { id: created.id, fundId: fund.id, added: true };

  const [existing] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, actor.id), eq(cartItems.fundId, fund.id)));
  if (!existing) throw new NotFound('Fund');
  return { id: existing.id, fundId: fund.id, added: false };
}

/** The user's selected donations, newest first. */
export async function listCart(db: Db, actor: TMe): Promise<TCartList> {
  const rows = await fundsWithRaiser(db, {
    id: cartItems.id,
    fundId: funds.id,
    fundName: funds.name,
    fundImage: funds.image,
    raiserName: user.name,
    suggestedPoisha: funds.suggestedPoisha,
    status: funds.status,
    hold: funds.hold,
    createdAt: cartItems.createdAt,
  })
    .innerJoin(cartItems, eq(cartItems.fundId, funds.id))
    .where(eq(cartItems.userId, actor.id))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.id));
  return {
    items: rows.map(({ status, hold, createdAt, ...r }) => ({
      ...r,
      payable: isOpen({ status, hold }),
      createdAt: createdAt.toISOString(),
    })),
  };
}

/** Removes one of the user's own cart items; someone else's is "not found". */
export async function removeFromCart(db: Db, actor: TMe, id: string): Promise<{ deleted: true }> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, actor.id)))
    .returning({ id: cartItems.id });
  if (!deleted.length) throw new NotFound('Selected donation');
  return { deleted: true };
}
