import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '../../../lib/link';
import { useSearchParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { VerifyEmailNotice } from '../components/verify-email-notice';
import { useRefreshSession, verifyEmail } from '../../../api/session';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { AuthCard } from '../components/auth-card';

/**
 * The page an e-mailed verification link opens. The link proves the address only when
 * this page runs (a mail scanner that fetches links does not verify anything), and it
 * signs nobody in.
 */
export function VerifyEmailPage() {
  usePageTitle(PAGE_TITLES.verifyEmail);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const refreshSession = useRefreshSession();
  const { t } = useI18n();
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (result.isSuccess) void refreshSession();
  }, [result.isSuccess, refreshSession]);

  if (token && result.isPending) {
    return (
      <AuthCard title="Verifying your e-mail address">
        <progress className="progress progress-primary w-full" aria-label={t('Verifying')} />
      </AuthCard>
    );
  }
  if (result.isSuccess) {
    return (
      <AuthCard title="E-mail address verified">
        <p role="status">
          {t(
            'Thank you: your e-mail address is verified. You can now apply to be a fund raiser and withdraw the money your funds raise.',
          )}
        </p>
        <Link to="/dashboard" className="btn btn-primary mt-4">
          {t('Go to your dashboard')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your e-mail address">
      <div role="alert" className="alert alert-error">
        <span>{t('This verification link is invalid or has expired.')}</span>
      </div>
      <p className="mt-4">{t('Signed in? Ask for a new link:')}</p>
      <div className="mt-2">
        <VerifyEmailNotice />
      </div>
      <Link to="/login" className="link link-primary mt-2">
        {t('Login')}
      </Link>
    </AuthCard>
  );
}
