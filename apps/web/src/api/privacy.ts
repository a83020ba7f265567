import { useMutation, useQueryClient } from '@tanstack/react-query';
import { privacy } from '@easyfund/shared/api/privacy';
import type { TCloseAccountRequest } from '@easyfund/shared/schemas/privacy';
import { call, urlOf } from './client';

/** The addresses of the two downloads of my data (followed as links: the browser saves them). */
export const myDataUrls = { json: urlOf(privacy.exportJson), csv: urlOf(privacy.exportCsv) };

/** Closes the account: every cached query belonged to the person, so all are dropped. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCloseAccountRequest) => call(privacy.close, { body }),
    onSuccess: () => queryClient.clear(),
  });
}

/** The SMS code that confirms closing an account without a password. */
export function useSendCloseCode() {
  return useMutation({ mutationFn: () => call(privacy.closeCode) });
}
