import { z } from 'zod';

/* The selected donations (cart). */

/** The fund a donation or a cart item is for. */
export const ZFundId = z.uuid({ error: 'Choose a fund' });

export const ZAddToCartRequest = z.object({ fundId: ZFundId });
export type TAddToCartRequest = z.infer<typeof ZAddToCartRequest>;

/** `added: false` when the fund was already in the cart (a friendly no-op). */
export const ZAddToCartResponse = z.object({
  id: z.string(),
  fundId: z.string(),
  added: z.boolean(),
});
export type TAddToCartResponse = z.infer<typeof ZAddToCartResponse>;

export const ZCartItem = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  fundImage: z.string(),
  raiserName: z.string(),
  suggestedPoisha: z.number().int(),
  /** Only approved funds can be paid; a fund may have been denied after it was added. */
  payable: z.boolean(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
});
export type TCartItem = z.infer<typeof ZCartItem>;

export const ZCartList = z.object({ items: z.array(ZCartItem) });
export type TCartList = z.infer<typeof ZCartList>;

export const ZDeleteCartResponse = z.object({ deleted: z.literal(true) });
