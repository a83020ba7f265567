import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from '../../../lib/link';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import { type TResetPasswordForm, ZResetPasswordForm } from '@easyfund/shared/schemas/session';
import { useResetPassword } from '../../../api/session';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { AuthCard } from '../components/auth-card';
import { AuthSubmit } from '../components/auth-submit';
import { NewPasswordFields } from '../components/password-field';

export function ResetPasswordPage() {
  usePageTitle(PAGE_TITLES.resetPassword);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const resetPassword = useResetPassword();
  const linkError = params.get('error');
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TResetPasswordForm>({ resolver: zodResolver(ZResetPasswordForm) });

  const onSubmit = async ({ password }: TResetPasswordForm) => {
    if (!token) return;
    try {
      await resetPassword.mutateAsync({ token, newPassword: password });
      void popup.success('Password changed', 'Sign in with your new password.');
      await navigate(paths.login(), { replace: true });
    } catch (err) {
      await popup.error(MSG.oops, messageOf(err));
    }
  };

  if (!token || linkError) {
    return (
      <AuthCard title="Reset password">
        <div role="alert" className="alert alert-error">
          <span>{t('This reset link is invalid or has expired. Ask for a new one.')}</span>
        </div>
        <Link to={paths.forgotPassword} className="btn btn-primary mt-4">
          {t('Send a new link')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
        <NewPasswordFields label="New password" errors={errors} register={register} />
        <AuthSubmit busy={isSubmitting} label="Set new password" />
      </form>
    </AuthCard>
  );
}
