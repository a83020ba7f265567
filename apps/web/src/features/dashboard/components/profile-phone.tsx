import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { localPhone, ZPhoneCode, ZPhoneNumber } from '@easyfund/shared/phone';
import { useSendPhoneCode, useVerifyPhoneCode } from '../../../api/session';
import { smsKeys } from '../../../api/sms';
import { MobileNumberField, SmsCodeField } from '../../../components/phone-sign-in';
import { checkedValue } from '../../../lib/checked-value';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';

/**
 * Adds a mobile number to the signed-in account, proved by a code sent to it by SMS (the
 * identity layer's own "update phone number" flow). The account then signs in with the
 * number too. A number already on another account is refused, without saying whose.
 */
export function ProfilePhone({ userId }: { userId: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const inputId = useId();
  const errorId = useId();
  const busy = send.isPending || verify.isPending;

  const sendCode = (e?: FormEvent) => {
    e?.preventDefault();
    const number = checkedValue(ZPhoneNumber, typed, setError);
    if (number === null) return;
    setError('');
    send.mutate(number, {
      onSuccess: () => {
        setPhone(number);
        setCode('');
      },
      onError: (err) => setError(messageOf(err)),
    });
  };

  const addNumber = (e: FormEvent) => {
    e.preventDefault();
    // The code's form shows only once a code went to a number.
    const checked = checkedValue(ZPhoneCode, code, setError);
    if (checked === null || !phone) return;
    setError('');
    verify.mutate(
      { phoneNumber: phone, code: checked, addToAccount: true },
      {
        onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.preferences(userId) }),
        onError: (err) => setError(messageOf(err)),
      },
    );
  };

  const shownErrorId = error ? errorId : undefined;
  const errorLine = error ? (
    <p id={errorId} role="alert" className="text-sm text-error">
      {t(error)}
    </p>
  ) : null;

  return phone ? (
    <form key="code" noValidate onSubmit={addNumber} className="mt-2 flex flex-col gap-2">
      <p className="text-sm">
        {t('We sent a 6-digit code by SMS to {{phone}}.', { phone: localPhone(phone) })}
      </p>
      <SmsCodeField id={inputId} compact value={code} onChange={setCode} errorId={shownErrorId} />
      {errorLine}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t('Add number')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPhone(null)}>
          {t('Change number')}
        </button>
      </div>
    </form>
  ) : (
    <form key="number" noValidate onSubmit={sendCode} className="mt-2 flex flex-col gap-2">
      <MobileNumberField
        id={inputId}
        compact
        value={typed}
        onChange={setTyped}
        errorId={shownErrorId}
      />
      {errorLine}
      <button type="submit" className="btn btn-primary btn-sm self-start" disabled={busy}>
        {busy ? t('Sending…') : t('Send code by SMS')}
      </button>
    </form>
  );
}
