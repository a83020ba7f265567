import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from '../../../lib/link';
import { useNavigate } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import { type TRegisterForm, ZRegisterForm } from '@easyfund/shared/schemas/session';
import { useSignIn, useSignUp } from '../../../api/session';
import { EmailField } from '../../../components/email-field';
import { formFields, TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { AuthCard } from '../components/auth-card';
import { AuthSubmit } from '../components/auth-submit';
import { ExternalSignIn } from '../components/external-sign-in';
import { NewPasswordFields } from '../components/password-field';
import { useReturnPath } from '../use-return-path';

export function RegisterPage() {
  usePageTitle(PAGE_TITLES.register);
  const navigate = useNavigate();
  const signUp = useSignUp();
  const signIn = useSignIn();
  const returnTo = useReturnPath();
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TRegisterForm>({ resolver: zodResolver(ZRegisterForm) });
  const field = formFields(register, errors);

  const onSubmit = async ({ name, photoURL, email, password }: TRegisterForm) => {
    try {
      // Sign-up answers the same for a new and an already registered address, and signs
      // nobody in; signing in with the new password right after lets a donor donate at once.
      await signUp.mutateAsync({ name, image: photoURL, email, password });
    } catch (err) {
      await popup.error(MSG.oops, messageOf(err));
      return;
    }
    let signedIn = true;
    try {
      const res = await signIn.mutateAsync({ email, password });
      if (res?.twoFactorRedirect) signedIn = false;
    } catch {
      signedIn = false;
    }
    if (!signedIn) {
      // The address already had an account: its owner got an e-mail about it.
      await popup.info(
        'Check your e-mail',
        'We sent a message to {{email}}. If you already have an account, sign in or choose a new password.',
        { email },
      );
      await navigate(paths.login(returnTo), { replace: true });
      return;
    }
    void popup.success(
      MSG.registerSuccess,
      'We sent you an e-mail: open its link to verify your address.',
    );
    // Back where the person was going (the pay step of a gift), else home.
    await navigate(returnTo, { replace: true });
  };

  return (
    <AuthCard title="Register">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
        <TextField label="Name" {...field('name')} autoComplete="name" />
        <TextField label="Photo URL" {...field('photoURL')} type="url" placeholder="https://" />
        <EmailField {...field('email')} />
        <NewPasswordFields errors={errors} register={register} />
        <AuthSubmit busy={isSubmitting} label="Register" busyLabel="Creating your account…" />
      </form>
      <ExternalSignIn returnTo={returnTo} />
      <p className="mt-4 text-center text-sm">
        {t('Already have an account?')}{' '}
        <Link to={paths.login(returnTo)} className="link link-primary">
          {t('Login')}
        </Link>
      </p>
    </AuthCard>
  );
}
