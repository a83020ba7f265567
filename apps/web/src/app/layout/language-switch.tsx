import { useEffect, useRef } from 'react';
import { LANGUAGE_NAMES, type Language } from '@easyfund/shared/i18n/languages';
import { fetchMyLanguage, saveMyLanguage } from '../../api/language';
import { setLanguage, useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/**
 * English ⇄ বাংলা. The choice is kept in a cookie (the server sends the next page in it)
 * and, when signed in, with the profile, which a sign-in on another device applies.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const other: Language = lang === 'en' ? 'bn' : 'en';
  const appliedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    fetchMyLanguage()
      .then(({ language }) => {
        if (language && language !== lang) return setLanguage(language);
      })
      .catch(() => undefined);
  }, [user, lang]);

  const choose = async () => {
    await setLanguage(other);
    if (user) await saveMyLanguage(other).catch(() => undefined);
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
