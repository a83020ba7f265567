import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '../../../lib/link';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import { type TLoginForm, ZLoginForm } from '@easyfund/shared/schemas/session';
import { usePhoneSignInApi, useRefreshSession, useSignIn } from '../../../api/session';
import { EmailField } from '../../../components/email-field';
import { PhoneSignIn } from '../../../components/phone-sign-in';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { AuthCard } from '../components/auth-card';
import { AuthSubmit } from '../components/auth-submit';
import { ExternalSignIn } from '../components/external-sign-in';
import { PasswordField } from '../components/password-field';
import { TwoFactorStep } from '../components/two-factor-step';
import { useReturnPath } from '../use-return-path';

export function LoginPage() {
  usePageTitle(PAGE_TITLES.login);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const refreshSession = useRefreshSession();
  const phoneApi = usePhoneSignInApi();
  const returnTo = useReturnPath();
  const [params] = useSearchParams();
  const externalError = params.get('error');
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TLoginForm>({ resolver: zodResolver(ZLoginForm) });

  useEffect(() => {
    if (externalError) void popup.error(MSG.oops, externalError.replace(/_/g, ' '));
  }, [externalError]);

  const [secondStep, setSecondStep] = useState(false);

  const signedIn = async () => {
    await refreshSession();
    void popup.success(MSG.loginSuccess);
    await navigate(returnTo, { replace: true });
  };

  const onSubmit = async (values: TLoginForm) => {
    try {
      const res = await signIn.mutateAsync(values);
      if (res?.twoFactorRedirect) setSecondStep(true);
      else await signedIn();
    } catch (err) {
      await popup.error(messageOf(err));
    }
  };

  if (secondStep) {
    return (
      <AuthCard title="Login">
        <TwoFactorStep onDone={signedIn} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Login">
      {/* A mobile number first: most donors here live on theirs (decision 016). */}
      <PhoneSignIn api={phoneApi} onDone={signedIn} />
      <div className="divider text-sm">{t('Or with e-mail')}</div>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
        <EmailField error={errors.email?.message} registration={register('email')} />
        <PasswordField
          label="Password"
          error={errors.password?.message}
          registration={register('password')}
          autoComplete="current-password"
        />
        <Link to={paths.forgotPassword} className="link link-primary self-end text-sm">
          {t('Forgot password?')}
        </Link>
        <AuthSubmit busy={isSubmitting} label="Login" busyLabel="Signing in…" />
      </form>
      <ExternalSignIn returnTo={returnTo} />
      <p className="mt-4 text-center text-sm">
        {t('New to Easy Fund?')}{' '}
        <Link to={paths.register} state={{ from: returnTo }} className="link link-primary">
          {t('Register')}
        </Link>
      </p>
    </AuthCard>
  );
}
