import { useState } from 'react';
import { ActionButton } from '../../../components/action-button';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { sendVerificationEmail, useSession } from '../../../api/session';

type State = 'idle' | 'sending' | 'sent' | 'error';

/**
 * Shown to a signed-in person whose e-mail address is not verified yet: what needs it,
 * and a button that sends the link again.
 */
export function VerifyEmailNotice() {
  const { user } = useSession();
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState('');
  const { t } = useI18n();
  if (!user || user.emailVerified) return null;

  const resend = async () => {
    setState('sending');
    try {
      await sendVerificationEmail(user.email);
      setState('sent');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not send the e-mail, try again.');
      setState('error');
    }
  };

  return (
    <div role="status" className="alert alert-warning mb-6 flex flex-wrap items-center gap-3">
      <p className="flex-1">
        {t(
          'Please verify your e-mail address ({{email}}): open the link we sent you. Applying to be a fund raiser and withdrawing money need a verified address; donating does not.',
          { email: user.email },
        )}
      </p>
      {state === 'sent' ? (
        <p className="font-semibold">
          {t('Sent. Check your inbox. A new link goes out at most once an hour.')}
        </p>
      ) : (
        <ActionButton
          className="btn btn-sm"
          busy={state === 'sending'}
          onClick={() => void resend()}
        >
          {state === 'sending' ? t('Sending…') : t('Resend verification e-mail')}
        </ActionButton>
      )}
      {state === 'error' && (
        <p role="alert" className="w-full text-sm">
          {t(error)}
        </p>
      )}
    </div>
  );
}
