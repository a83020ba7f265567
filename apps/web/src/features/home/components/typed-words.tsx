import { useTypewriter } from 'react-simple-typewriter';
import { HERO } from '../content';

const WORDS = [...HERO.words];

function Typed() {
  const [text] = useTypewriter({
    words: WORDS,
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
  const all = HERO.words.join(', ');
  return (
    <p className="text-2xl font-semibold text-white md:text-4xl">
      <span className="sr-only">You can {all}</span>
      <span aria-hidden="true">You can </span>
      {animate ? (
        <Typed />
      ) : (
        <span className="typed-text text-amber-300" aria-hidden="true">
          {all}
        </span>
      )}
    </p>
  );
}
