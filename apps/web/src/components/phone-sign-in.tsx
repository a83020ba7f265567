import { type FormEvent, type InputHTMLAttributes, useId, useState } from 'react';
import { ZName } from '@easyfund/shared/schemas/session';
import {
  PHONE_PLACEHOLDER_NAME,
  ZPhoneCode,
  ZPhoneNumber,
  localPhone,
} from '@easyfund/shared/phone';
import { checkedValue } from '../lib/checked-value';
import { useI18n } from '../lib/i18n';
import { messageOf } from '../lib/message-of';

type Step = 'number' | 'code' | 'name';

/** The identity calls the form makes (api/session.ts `usePhoneSignInApi`). */
export interface PhoneSignInApi {
  send: (phoneNumber: string) => Promise<unknown>;
  verify: (body: {
    phoneNumber: string;
    code: string;
    addToAccount: boolean;
  }) => Promise<{ user: { name: string } }>;
  saveName: (name: string) => Promise<unknown>;
  /** The newest SMS the demo's outbox holds for a number (never on a real site). */
  useLastSms: (phoneNumber: string) => string | undefined;
}

/** How a number looks, as the field's placeholder (the same in every language). */
const NUMBER_SHAPE = '01XXXXXXXXX';

/**
 * Sign in or sign up with a Bangladeshi mobile number: the number, the 6-digit code from
 * the SMS, and — for a new number only — the person's name (decision 016).
 * With `addToAccount`, the verified number is added to the signed-in account instead.
 */
export function PhoneSignIn({
  api,
  onDone,
  addToAccount = false,
}: {
  api: PhoneSignInApi;
  onDone: () => Promise<void> | void;
  addToAccount?: boolean;
}) {
  const { t } = useI18n();
  const [step, setStep] = useState<Step>('number');
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (e?: FormEvent) => {
    e?.preventDefault();
    const number = checkedValue(ZPhoneNumber, typed, setError);
    if (number === null) return;
    void run(async () => {
      await api.send(number);
      setPhone(number);
      setCode('');
      setStep('code');
    });
  };

  const checkCode = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkedValue(ZPhoneCode, code, setError);
    if (checked === null) return;
    void run(async () => {
      const res = await api.verify({ phoneNumber: phone, code: checked, addToAccount });
      if (!addToAccount && res.user.name === PHONE_PLACEHOLDER_NAME) setStep('name');
      else await onDone();
    });
  };

  const saveName = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkedValue(ZName, name, setError);
    if (checked === null) return;
    void run(async () => {
      await api.saveName(checked);
      await onDone();
    });
  };

  const errorLine = error ? (
    <p id={errorId} role="alert" className="text-sm text-error">
      {t(error)}
    </p>
  ) : null;
  const described = error ? errorId : undefined;

  if (step === 'name') {
    return (
      <form key="name" noValidate onSubmit={saveName} className="flex flex-col gap-3">
        <p>{t('Welcome! What should we call you on your receipts?')}</p>
        <label htmlFor={inputId} className="font-semibold">
          {t('Your name')}
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          className="input input-bordered w-full"
        />
        {errorLine}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('Continue')}
        </button>
      </form>
    );
  }

  if (step === 'code') {
    return (
      <form key="code" noValidate onSubmit={checkCode} className="flex flex-col gap-3">
        <p>{t('We sent a 6-digit code by SMS to {{phone}}.', { phone: localPhone(phone) })}</p>
        <SmsCodeField id={inputId} value={code} onChange={setCode} errorId={described} />
        {errorLine}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {addToAccount ? t('Add number') : t('Continue')}
        </button>
        <div className="flex justify-between text-sm">
          <button type="button" className="link" onClick={() => setStep('number')}>
            {t('Change number')}
          </button>
          <button type="button" className="link" disabled={busy} onClick={() => sendCode()}>
            {t('Send a new code')}
          </button>
        </div>
        <DemoOutbox phoneNumber={phone} useLastSms={api.useLastSms} />
      </form>
    );
  }

  return (
    <form key="number" noValidate onSubmit={sendCode} className="flex flex-col gap-3">
      <MobileNumberField id={inputId} value={typed} onChange={setTyped} errorId={described} />
      {errorLine}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('Sending…') : t('Send code by SMS')}
      </button>
    </form>
  );
}

/** Demo only: the SMS the outbox holds for the number (the server answers 404 elsewhere). */
function DemoOutbox({
  phoneNumber,
  useLastSms,
}: {
  phoneNumber: string;
  useLastSms: PhoneSignInApi['useLastSms'];
}) {
  const { t } = useI18n();
  const last = useLastSms(phoneNumber);
  if (!last) return null;
  return (
    <div role="note" className="rounded-box bg-warning/30 p-3 text-sm">
      <p className="font-medium">{t('Test mode: the SMS we sent (no real SMS goes out)')}</p>
      <p data-testid="demo-sms" lang="" className="mt-1 break-words">
        {last}
      </p>
    </div>
  );
}

interface PhoneFieldProps {
  id: string;
  /** The profile's smaller label and digits; the sign-in form's are larger. */
  compact?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** The id of the error shown for the field, while one is. */
  errorId: string | undefined;
}

/** The mobile number to send a code to, with its label: signing in and a profile alike. */
export function MobileNumberField({ onChange, ...field }: PhoneFieldProps) {
  return (
    <LabelledPhoneInput
      {...field}
      label="Mobile number"
      type="tel"
      onChange={(e) => onChange(e.target.value)}
      inputMode="tel"
      autoComplete="tel"
      placeholder={NUMBER_SHAPE}
      className="input input-bordered w-full"
    />
  );
}

/** The 6-digit code the SMS brought, with its label: digits only, as they are typed. */
export function SmsCodeField({ onChange, ...field }: PhoneFieldProps) {
  return (
    <LabelledPhoneInput
      {...field}
      label="Code from the SMS"
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className={`input input-bordered w-full text-center ${field.compact ? '' : 'text-2xl '}tracking-[0.5em]`}
    />
  );
}

function LabelledPhoneInput({
  id,
  label,
  compact = false,
  errorId,
  ...input
}: Omit<PhoneFieldProps, 'onChange'> & {
  label: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const { t } = useI18n();
  return (
    <>
      <label htmlFor={id} className={compact ? 'text-sm font-medium' : 'font-semibold'}>
        {t(label)}
      </label>
      <input id={id} {...input} aria-invalid={Boolean(errorId)} aria-describedby={errorId} />
    </>
  );
}
