import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { zakat } from '@easyfund/shared/api/zakat';
import type {
  TSetFundZakatRequest,
  TUpdateZakatSettingsRequest,
} from '@easyfund/shared/schemas/zakat';
import { call } from './client';
import { fundKeys } from './funds';

/** Query keys of the zakat resource; only this file builds them. */
export const zakatKeys = {
  all: ['zakat'] as const,
  settings: () => [...zakatKeys.all, 'settings'] as const,
};

/** The gold and silver prices the nisab is computed from. */
export const zakatSettingsQuery = queryOptions({
  queryKey: zakatKeys.settings(),
  queryFn: () => call(zakat.settings),
});

/** An admin sets today's prices. */
export function useUpdateZakatSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateZakatSettingsRequest) => call(zakat.updateSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(zakatKeys.settings(), settings),
  });
}

/** An admin marks a fund Zakat-eligible (with a note) or unmarks it. */
export function useSetFundZakat(fundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetFundZakatRequest) =>
      call(zakat.setFund, { params: { id: fundId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}
