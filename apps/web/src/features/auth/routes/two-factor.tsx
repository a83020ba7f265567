import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { ZTotpCode } from '@easyfund/shared/schemas/session';
import { PAGES } from '@easyfund/shared/pages';
import {
  disableTwoFactor,
  enableTwoFactor,
  signOut,
  useRefreshSession,
  useSession,
  useVerifySecondFactor,
} from '../../../api/session';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { messageOf as message } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { checkCode } from '../check-code';
import { PasswordInput } from '../components/password-input';

type Step =
  | { kind: 'password' }
  | { kind: 'scan'; totpURI: string; secret: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] };

/** Dashboard page: turn two-factor sign-in (authenticator app + backup codes) on or off. */
export function TwoFactorPage() {
  usePageTitle(PAGE_TITLES.twoFactor);
  const { user } = useSession();
  const verify = useVerifySecondFactor();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordId = useId();
  const codeId = useId();
  const errorId = useId();
  const refreshSession = useRefreshSession();
  const { t } = useI18n();
  if (!user) return null;

  const start = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const res = await enableTwoFactor(password);
      const secret = new URL(res.totpURI).searchParams.get('secret') ?? '';
      setStep({ kind: 'scan', totpURI: res.totpURI, secret, backupCodes: res.backupCodes });
      setPassword('');
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'scan') return;
    const checked = checkCode(ZTotpCode, code, setError);
    if (checked === null) return;
    setBusy(true);
    setError('');
    try {
      await verify.mutateAsync({ code: checked, backup: false });
      await refreshSession();
      setStep({ kind: 'codes', backupCodes: step.backupCodes });
      setCode('');
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401 ? 'That code is not right.' : message(err),
      );
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await disableTwoFactor(password);
      setPassword('');
      await refreshSession();
      void popup.success('Two-factor sign-in is off');
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  // A session of the password alone (a trusted device, another sign-in provider) while
  // two-factor sign-in is on: admin pages need a new sign-in that gives the code.
  const signInAgain = async () => {
    setBusy(true);
    try {
      await signOut();
      window.location.assign(PAGES.login.path);
    } catch (err) {
      setError(message(err));
      setBusy(false);
    }
  };

  const errorLine = error && (
    <p id={errorId} role="alert" className="text-sm text-error">
      {t(error)}
    </p>
  );

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-2 text-3xl font-bold">{t(PAGE_TITLES.twoFactor)}</h1>
      <p className="mb-6 text-base-content/80">
        {t(
          'With two-factor sign-in, signing in asks for your password and a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Aegis, …). Someone who learns your password still cannot sign in.',
        )}
      </p>
      {params.get('required') === 'admin' && !user.twoFactorEnabled && (
        <div role="alert" className="alert alert-warning mb-6">
          <span>
            {t('Admin pages need two-factor sign-in on this site: turn it on to continue.')}
          </span>
        </div>
      )}
      {params.get('required') === 'admin' && user.twoFactorEnabled && !user.twoFactorVerified && (
        <div role="alert" className="alert alert-warning mb-6 flex flex-wrap items-center gap-3">
          <span className="flex-1">
            {t(
              'This sign-in did not ask for the code from your authenticator app. Admin pages need a sign-in with the code: sign in again with your password and the code.',
            )}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => void signInAgain()}
          >
            {t('Sign in again')}
          </button>
        </div>
      )}

      {step.kind === 'codes' ? (
        <div className="card bg-base-100 shadow">
          <div className="card-body">
            <h2 className="card-title">{t('Two-factor sign-in is on')}</h2>
            <p>
              {t(
                'Keep these backup codes somewhere safe (print them or write them down). Each one signs you in once if you lose your phone. They are shown only now.',
              )}
            </p>
            <ul aria-label={t('Backup codes')} className="grid grid-cols-2 gap-2 font-mono">
              {step.backupCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : step.kind === 'scan' ? (
        <form noValidate onSubmit={(e) => void confirm(e)} className="card bg-base-100 shadow">
          <div className="card-body gap-3">
            <h2 className="card-title">{t('Scan this code with your authenticator app')}</h2>
            <div className="self-start rounded bg-white p-3">
              <QRCodeSVG
                value={step.totpURI}
                size={192}
                title={t('QR code for your authenticator app')}
              />
            </div>
            <p>
              {t('Or type this key into the app:')}{' '}
              <code className="break-all font-mono" aria-label={t('Secret key')}>
                {step.secret}
              </code>
            </p>
            <label htmlFor={codeId} className="font-semibold">
              {t('The 6-digit code the app shows')}
            </label>
            <input
              id={codeId}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              className="input input-bordered w-40"
            />
            {errorLine}
            <button type="submit" className="btn btn-primary self-start" disabled={busy}>
              {t('Turn on')}
            </button>
          </div>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void (user.twoFactorEnabled ? turnOff(e) : start(e))}
          className="card bg-base-100 shadow"
        >
          <div className="card-body gap-3">
            <h2 className="card-title">
              {user.twoFactorEnabled
                ? t('Two-factor sign-in is on')
                : t('Two-factor sign-in is off')}
            </h2>
            <label htmlFor={passwordId} className="font-semibold">
              {t('Your password')}
            </label>
            <PasswordInput
              id={passwordId}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
            />
            {errorLine}
            <button
              type="submit"
              className={`btn self-start ${user.twoFactorEnabled ? 'btn-outline' : 'btn-primary'}`}
              disabled={busy || password === ''}
            >
              {user.twoFactorEnabled ? t('Turn off') : t('Turn on two-factor sign-in')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
