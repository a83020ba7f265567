import { queryOptions } from '@tanstack/react-query';
import type { CauseId } from '@easyfund/shared/constants';
import type { TFundList, TFundPublic } from '@easyfund/shared/schemas/funds';
import { api, qs } from '../../lib/api';

export interface FundFilters {
  q?: string;
  cause?: CauseId;
  page?: number;
}

/** Approved funds for /donatenow (search, cause, page). */
export const fundsQuery = (filters: FundFilters) =>
  queryOptions({
    queryKey: ['funds', 'list', filters],
    queryFn: () => api.get<TFundList>(`/api/funds${qs({ ...filters })}`),
  });

/** One fund for /donatenow/:id. */
export const fundQuery = (id: string) =>
  queryOptions({
    queryKey: ['funds', 'detail', id],
    queryFn: () => api.get<TFundPublic>(`/api/funds/${encodeURIComponent(id)}`),
  });

export interface CartAddResult {
  id: string;
  fundId: string;
  added: boolean;
}

/** Adds a fund to the signed-in user's selected donations. */
export const addToCart = (fundId: string) => api.post<CartAddResult>('/api/cart', { fundId });
