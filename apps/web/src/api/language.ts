import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { language } from '@easyfund/shared/api/language';
import type { Language } from '@easyfund/shared/i18n/languages';
import { call } from './client';

/** Query keys of the language resource; only this file builds them. */
export const languageKeys = {
  all: ['language'] as const,
  mine: (userId: string) => [...languageKeys.all, 'mine', userId] as const,
};

/** The language a signed-in person chose (on this or another device), or null. */
export const myLanguageQuery = (userId: string) =>
  queryOptions({
    queryKey: languageKeys.mine(userId),
    queryFn: () => call(language.mine),
    staleTime: Infinity,
  });

/** Remembers the language with the signed-in person's profile. */
export function useSaveMyLanguage(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lang: Language) => call(language.choose, { body: { language: lang } }),
    onSuccess: (saved) => {
      if (userId) queryClient.setQueryData(languageKeys.mine(userId), saved);
    },
  });
}
