import { Link } from '../../../lib/link';
import { TWO_FACTOR_PAGE } from '@easyfund/shared/identity';
import { useSession } from '../../../api/session';
import { useI18n } from '../../../lib/i18n';

/** Asks an admin without two-factor sign-in to turn it on (admins hold the keys to the money). */
export function TwoFactorPrompt() {
  const { user } = useSession();
  const { t } = useI18n();
  if (!user || user.role !== 'admin' || user.twoFactorEnabled) return null;
  return (
    <div role="status" className="alert alert-info mb-6 flex flex-wrap items-center gap-3">
      {/* At least 15rem wide: on a phone the button wraps below the text, not beside it. */}
      <p className="min-w-0 flex-1 basis-60">
        {t(
          'You are an admin: protect the admin pages with two-factor sign-in (a code from an authenticator app on your phone at each sign-in).',
        )}
      </p>
      <Link to={TWO_FACTOR_PAGE} className="btn btn-sm">
        {t('Turn on two-factor sign-in')}
      </Link>
    </div>
  );
}
