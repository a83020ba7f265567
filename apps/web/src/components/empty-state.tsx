import { Link } from '../lib/link';
import { useI18n } from '../lib/i18n';
import { paths } from '../lib/paths';

/** What a list shows with nothing in it: the reason and a way to donate. */
export function EmptyState({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <div className="rounded-box border border-base-200 bg-base-100 p-8 text-center">
      <p className="mb-4 text-base-content/80">{t(text)}</p>
      <Link to={paths.donateNow()} className="btn btn-primary">
        {t('Donate Now')}
      </Link>
    </div>
  );
}
