import { type FormEvent, useId, useState } from 'react';
import { ZBackupCode, ZTotpCode } from '@easyfund/shared/schemas/session';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { useVerifySecondFactor } from '../../../api/session';
import { checkCode } from '../check-code';

/**
 * The second step of a sign-in with two-factor sign-in on: a code from the app, or one
 * of the backup codes. `onDone` runs once the session exists.
 */
export function TwoFactorStep({ onDone }: { onDone: () => Promise<void> }) {
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const verify = useVerifySecondFactor();
  const inputId = useId();
  const errorId = useId();
  const { t } = useI18n();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkCode(backup ? ZBackupCode : ZTotpCode, code, setError);
    if (checked === null) return;
    setBusy(true);
    setError('');
    try {
      await verify.mutateAsync({ code: checked, backup });
      await onDone();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? 'That code is not right. Try again.'
          : err instanceof Error
            ? err.message
            : String(err),
      );
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
      <p>
        {backup
          ? t('Enter one of the backup codes you kept when you turned on two-factor sign-in.')
          : t('Enter the 6-digit code from your authenticator app.')}
      </p>
      <label htmlFor={inputId} className="font-semibold">
        {backup ? t('Backup code') : t('Authentication code')}
      </label>
      <input
        id={inputId}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className="input input-bordered w-full"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {t(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('Checking…') : t('Verify')}
      </button>
      <button
        type="button"
        className="link link-primary self-start text-sm"
        onClick={() => {
          setBackup((b) => !b);
          setCode('');
          setError('');
        }}
      >
        {backup ? t('Use a code from the app instead') : t('Use a backup code instead')}
      </button>
    </form>
  );
}
