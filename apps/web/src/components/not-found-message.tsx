import { useI18n } from '../lib/i18n';

/**
 * What a 404 says: the number large (decorative: the heading says it in words), what was
 * not found, and why. The texts are catalogue keys.
 */
export function NotFoundMessage({
  large = false,
  title,
  text,
}: {
  /** The number at its largest (the site's own 404 page). */
  large?: boolean;
  title: string;
  text: string;
}) {
  const { t, digits } = useI18n();
  return (
    <>
      <p
        className={
          large ? 'text-7xl font-extrabold text-primary' : 'text-6xl font-extrabold text-primary'
        }
        aria-hidden="true"
      >
        {digits(404)}
      </p>
      <h1 className="text-2xl font-bold">{t(title)}</h1>
      <p className="text-base-content/80">{t(text)}</p>
    </>
  );
}
