import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@easyfund/shared/i18n/languages';
import { myLanguageQuery, useSaveMyLanguage } from '../../../api/language';
import { BlockLabel } from '../../../components/block-label';
import { setLanguage, useI18n } from '../../../lib/i18n';

/**
 * The account's language, in the profile: the one its e-mails, receipts, statements and
 * text messages are written in (set at sign-up from the page's language). Choosing one
 * also turns the site to it, as the language switch does.
 */
export function ProfileLanguage({ userId }: { userId: string }) {
  const { t, lang } = useI18n();
  const id = useId();
  const mine = useQuery(myLanguageQuery(userId));
  const save = useSaveMyLanguage(userId);
  const chosen: Language = mine.data?.language ?? lang;

  const choose = async (next: Language) => {
    save.mutate(next);
    if (next !== lang) await setLanguage(next);
  };

  return (
    <div className="mt-4 w-full text-left">
      <BlockLabel htmlFor={id} label="Language of your e-mails and receipts" />
      <select
        id={id}
        className="select select-bordered w-full"
        value={chosen}
        disabled={mine.isPending || save.isPending}
        onChange={(e) => void choose(e.target.value as Language)}
        aria-describedby={save.isError ? `${id}-error` : undefined}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      {save.isError && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
          {t('Your choice could not be saved. Please try again.')}
        </p>
      )}
    </div>
  );
}
