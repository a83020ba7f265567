import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cart } from '@easyfund/shared/api/cart';
import { call } from './client';

/** Query keys of the cart resource (selected donations); only this file builds them. */
export const cartKeys = {
  all: ['cart'] as const,
  list: () => [...cartKeys.all, 'list'] as const,
};

/** The signed-in user's selected donations. */
export const cartQuery = queryOptions({
  queryKey: cartKeys.list(),
  queryFn: () => call(cart.list),
});

/** Adds a fund to the selected donations (`added: false` when it was there already). */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fundId: string) => call(cart.add, { body: { fundId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** Removes one selected donation, by its id. */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(cart.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
