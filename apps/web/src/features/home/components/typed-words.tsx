import { useMemo } from 'react';
import { useTypewriter } from 'react-simple-typewriter';
import { useI18n } from '../../../lib/i18n';
import { HERO } from '../content';

function Typed({ words }: { words: string[] }) {
  const [text] = useTypewriter({
    words,
    loop: HERO.loops,
    typeSpeed: HERO.typeSpeed,
    deleteSpeed: HERO.deleteSpeed,
    delaySpeed: HERO.delaySpeed,
  });
  return (
    <span className="typed-text text-amber-300" aria-hidden="true">
      {text}
      <span className="typed-cursor">|</span>
    </span>
  );
}

/** 'You can' + Volunteer, Donate, Fund Raise!! typed and deleted in turn (static when
 *  the visitor prefers reduced motion). Screen readers hear the whole line once. */
export function TypedWords({ animate }: { animate: boolean }) {
  const { t, lang } = useI18n();
  const words = useMemo(() => HERO.words.map((w) => t(w)), [t]);
  const all = words.join(', ');
  return (
    <p className="text-2xl font-semibold text-white md:text-4xl">
      <span className="sr-only">{t('You can {{what}}', { what: all })}</span>
      <span aria-hidden="true">{t('You can')} </span>
      {animate ? (
        <Typed key={lang} words={words} />
      ) : (
        <span className="typed-text text-amber-300" aria-hidden="true">
          {all}
        </span>
      )}
    </p>
  );
}
