import { PAGE_TITLES } from '@easyfund/shared/pages';
import { useSession } from '../../../api/session';
import { Avatar } from '../../../components/avatar';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { ProfileEmail } from '../components/profile-email';
import { ProfileLanguage } from '../components/profile-language';
import { ProfileSms } from '../components/profile-sms';

/**
 * /dashboard: the user's photo, display name and e-mail, the account's language and SMS; an
 * account made from a mobile number adds an e-mail address here.
 */
export function DashboardPage() {
  usePageTitle(PAGE_TITLES.dashboard);
  const { user } = useSession();
  const { t } = useI18n();
  if (!user) return null;
  return (
    <section className="mx-auto max-w-xl">
      <div className="card bg-base-100 shadow">
        <div className="card-body items-center text-center">
          <Avatar src={user.image} name={user.name} size={112} />
          <h1 className="card-title mt-4 text-3xl">
            {t('Welcome, {{name}}', { name: user.name })}
          </h1>
          {user.hasEmail && <p className="text-base-content/80">{user.email}</p>}
          <span className="badge badge-primary badge-outline mt-2 capitalize">{t(user.role)}</span>
          <ProfileLanguage userId={user.id} />
          <ProfileSms userId={user.id} />
          {!user.hasEmail && <ProfileEmail />}
        </div>
      </div>
    </section>
  );
}
