import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '../../../lib/link';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import {
  type TForgotPasswordRequest,
  ZForgotPasswordRequest,
} from '@easyfund/shared/schemas/session';
import { useRequestPasswordReset } from '../../../api/session';
import { EmailField } from '../../../components/email-field';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { AuthCard } from '../components/auth-card';
import { AuthSubmit } from '../components/auth-submit';

export function ForgotPasswordPage() {
  usePageTitle(PAGE_TITLES.forgotPassword);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestPasswordReset = useRequestPasswordReset();
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TForgotPasswordRequest>({ resolver: zodResolver(ZForgotPasswordRequest) });

  const onSubmit = async ({ email }: TForgotPasswordRequest) => {
    try {
      await requestPasswordReset.mutateAsync(email);
      setSentTo(email);
    } catch (err) {
      await popup.error(MSG.oops, messageOf(err));
    }
  };

  return (
    <AuthCard title="Forgot password">
      {sentTo ? (
        <div role="status" className="alert alert-success">
          <span>
            {t(
              'If an account exists for {{email}}, we have sent it a link to reset the password. The link works for one hour.',
              { email: sentTo },
            )}
          </span>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
          <p className="text-base-content/80">
            {t('Enter the e-mail of your account and we will send you a reset link.')}
          </p>
          <EmailField error={errors.email?.message} registration={register('email')} />
          <AuthSubmit busy={isSubmitting} label="Send reset link" />
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to={paths.login()} className="link link-primary">
          {t('Back to Login')}
        </Link>
      </p>
    </AuthCard>
  );
}
