import { useMutation } from '@tanstack/react-query';
import { privacy } from '@easyfund/shared/api/privacy';
import type { TCloseAccountRequest } from '@easyfund/shared/schemas/privacy';
import { call, urlOf } from './client';

/** The addresses of the two downloads of my data (followed as links: the browser saves them). */
export const myDataUrls = { json: urlOf(privacy.exportJson), csv: urlOf(privacy.exportCsv) };

/** Closes the account. Every cached answer belonged to the person: the page that closes it
 *  loads the home page afresh, which drops them all. */
export function useCloseAccount() {
  // Not cleared here: cleared before the page leaves, the signed-in guard would send it to
  // the sign-in page instead of home.
  return useMutation({
    mutationFn: (body: TCloseAccountRequest) => call(privacy.close, { body }),
  });
}

/** The SMS code that confirms closing an account without a password. */
export function useSendCloseCode() {
  return useMutation({ mutationFn: () => call(privacy.closeCode) });
}
