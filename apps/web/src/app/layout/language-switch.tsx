import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LANGUAGE_NAMES, type Language } from '@easyfund/shared/i18n/languages';
import { myLanguageQuery, useSaveMyLanguage } from '../../api/language';
import { useSession } from '../../api/session';
import { setLanguage, useI18n } from '../../lib/i18n';

/**
 * The people whose profile language this page has applied, or who chose a language on it:
 * the profile is applied once, and never over a choice made here (a profile read still on
 * its way would undo it). Shared by every switch on the page (navbar and dashboard).
 */
const settled = new Set<string>();

/**
 * English ⇄ বাংলা. The choice is kept in a cookie (the server sends the next page in it)
 * and, when signed in, with the profile, which a sign-in on another device applies.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const other: Language = lang === 'en' ? 'bn' : 'en';
  const mine = useQuery({ ...myLanguageQuery(user?.id ?? ''), enabled: Boolean(user) });
  const save = useSaveMyLanguage(user?.id);

  useEffect(() => {
    if (!user || !mine.data || settled.has(user.id)) return;
    settled.add(user.id);
    const { language } = mine.data;
    if (language && language !== lang) void setLanguage(language);
  }, [user, mine.data, lang]);

  const choose = async () => {
    if (user) settled.add(user.id);
    await setLanguage(other);
    // A failed save keeps the cookie's choice; the profile is only a convenience.
    if (user) save.mutate(other);
  };

  return (
    <button
      type="button"
      lang={other}
      className={`btn btn-ghost btn-sm min-h-6 ${className}`}
      aria-label={t('Language: {{name}}. Switch to {{other}}', {
        name: LANGUAGE_NAMES[lang],
        other: LANGUAGE_NAMES[other],
      })}
      onClick={() => void choose()}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
