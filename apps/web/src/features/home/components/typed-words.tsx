import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { HERO } from '../content';

/**
 * The words typed one letter at a time (`HERO.typeSpeed` ms each), left for
 * `HERO.delaySpeed` ms, deleted (`HERO.deleteSpeed` ms a letter), the next typed; after
 * `HERO.loops` rounds the last word stays. Empty until the page's code runs (the server's
 * HTML and React's hydration draw the same).
 */
function useTyping(words: string[]): string {
  const [text, setText] = useState('');
  useEffect(() => {
    // Letters as code points: a Bangla vowel sign follows its consonant, as when typed.
    const letters = words.map((w) => Array.from(w));
    let word = 0;
    let shown = 0;
    let deleting = false;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const current = letters[word % letters.length]!;
      shown += deleting ? -1 : 1;
      setText(current.slice(0, shown).join(''));
      if (!deleting && shown === current.length) {
        if (word === letters.length * HERO.loops - 1) return;
        deleting = true;
        timer = setTimeout(step, HERO.delaySpeed);
        return;
      }
      if (deleting && shown === 0) {
        deleting = false;
        word++;
      }
      timer = setTimeout(step, deleting ? HERO.deleteSpeed : HERO.typeSpeed);
    };
    timer = setTimeout(step, HERO.typeSpeed);
    return () => clearTimeout(timer);
  }, [words]);
  return text;
}

/**
 * The typed text over the room its widest word takes (every word, unseen, in the same grid
 * cell): the line keeps its width and its breaks while letters come and go, so nothing
 * around it moves (no layout shift at each letter).
 */
function Typed({ words }: { words: string[] }) {
  const text = useTyping(words);
  return (
    <span className="inline-grid text-left" aria-hidden="true">
      {words.map((word) => (
        <span key={word} className="invisible col-start-1 row-start-1 whitespace-nowrap">
          {word}|
        </span>
      ))}
      <span className="typed-text col-start-1 row-start-1 whitespace-nowrap text-amber-300">
        {text}
        <span className="typed-cursor">|</span>
      </span>
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
