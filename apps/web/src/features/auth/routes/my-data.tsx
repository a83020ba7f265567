import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { myDataUrls, useCloseAccount, useSendCloseCode } from '../../../api/privacy';
import { useSession } from '../../../api/session';
import { Checkbox } from '../../../components/checkbox';
import { messageOf } from '../../../lib/message-of';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { LabelledInput } from '../../../components/labelled-input';
import { SendSmsCode } from '../../../components/send-sms-code';

/** The page's two cards: what each is for. */
const CARDS = {
  download: {
    title: 'Download my data',
    text: 'Everything we keep about you: your profile, donations and receipts, monthly gifts, messages and sign-ins.',
  },
  close: {
    title: 'Close my account',
    text: 'Your name, e-mail address, sessions and messages are erased and your monthly gifts end. Your donations and receipts stay, as "Former donor", because accounting requires them. This cannot be undone.',
  },
} as const;

/** A person's own data: download it (JSON, CSV), or close the account (decision 251). */
export function MyDataPage() {
  usePageTitle(PAGE_TITLES.myData);
  const { t } = useI18n();
  const navigate = useNavigate();
  const close = useCloseAccount();
  const [password, setPassword] = useState('');
  // An account made from a mobile number has no password: a code by SMS confirms instead.
  const { user: me } = useSession();
  const byCode = Boolean(me && !me.hasEmail && me.phoneNumber);
  const sendCode = useSendCloseCode();
  const [code, setCode] = useState('');
  // With two-factor sign-in on, a code of the app (or a backup code) as at sign-in.
  const needsSecondFactor = Boolean(me?.twoFactorEnabled) && !byCode;
  const [secondFactor, setSecondFactor] = useState('');
  const [sure, setSure] = useState(false);

  async function onClose(e: React.FormEvent) {
    e.preventDefault();
    try {
      await close.mutateAsync(
        byCode
          ? { code }
          : needsSecondFactor
            ? { password, secondFactor: secondFactor.trim() }
            : { password },
      );
      void popup.success('Your account is closed');
      await navigate(paths.home);
      window.location.reload();
    } catch {
      // Shown below the form.
    }
  }

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{t(PAGE_TITLES.myData)}</h1>
      <section aria-labelledby="download-data" className="card border border-base-200 bg-base-100">
        <div className="card-body gap-3">
          <CardIntro id="download-data" {...CARDS.download} />
          <div className="flex gap-2">
            <a className="btn btn-sm" href={myDataUrls.json} download>
              {t('Download as JSON')}
            </a>
            <a className="btn btn-sm" href={myDataUrls.csv} download>
              {t('Download as CSV')}
            </a>
          </div>
        </div>
      </section>
      <section aria-labelledby="close-account" className="card border border-error/40 bg-base-100">
        <form className="card-body gap-3" onSubmit={(e) => void onClose(e)} noValidate>
          <CardIntro id="close-account" {...CARDS.close} />
          {byCode ? (
            <div className="flex flex-col gap-2">
              <SendSmsCode request={sendCode} />
              <CodeInput kind="sms" value={code} onChange={setCode} />
            </div>
          ) : (
            <LabelledInput
              id="close-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              className="input input-bordered"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="close-error"
            />
          )}
          {needsSecondFactor && (
            <CodeInput kind="app" value={secondFactor} onChange={setSecondFactor} />
          )}
          <label className="flex items-center gap-2 text-sm">
            <Checkbox className="checkbox checkbox-sm" checked={sure} onChange={setSure} />
            <span>{t('I understand that my account is closed for good')}</span>
          </label>
          <button
            type="submit"
            className="btn btn-error"
            disabled={
              !sure ||
              (byCode ? code.length !== 6 : !password) ||
              (needsSecondFactor && secondFactor.trim().length < 6) ||
              close.isPending
            }
          >
            {t('Close my account')}
          </button>
          <p id="close-error" role="alert" className="text-sm text-error">
            {close.isError ? t(messageOf(close.error)) : ''}
          </p>
        </form>
      </section>
    </section>
  );
}

/** A card's title (its heading, by `id`) and what the card is for. */
function CardIntro({ id, title, text }: { id: string; title: string; text: string }) {
  const { t } = useI18n();
  return (
    <>
      <h2 id={id} className="card-title">
        {t(title)}
      </h2>
      <p className="text-sm">{t(text)}</p>
    </>
  );
}

/** The codes that can confirm closing: one sent by SMS, or the authenticator app's. */
const CODES = {
  sms: { id: 'close-code', label: 'Code from the SMS', inputMode: 'numeric', maxLength: 6 },
  app: {
    id: 'close-second-factor',
    label: 'Code from your authenticator app, or a backup code',
    inputMode: undefined,
    maxLength: 20,
  },
} as const;

function CodeInput({
  kind,
  value,
  onChange,
}: {
  kind: keyof typeof CODES;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <LabelledInput
      {...CODES[kind]}
      autoComplete="one-time-code"
      className="input input-bordered font-mono"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby="close-error"
    />
  );
}
