import { type ReactNode, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { parseExpiry } from '@easyfund/shared/schemas/payments';
import { useActivateGift, useConfirmTestSetup, useStartGift } from '../../../api/recurring';
import { messageOf } from '../../../lib/message-of';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { LabelledInput } from '../../../components/labelled-input';
import type { Billing } from '../billing';

/** Saves the card with a provider's own field (Stripe Elements): its field and its confirm. */
export interface CardSaver {
  field: ReactNode;
  ready: boolean;
  /** Confirms the setup intent with the card in the field; the card's error, or null. */
  save(clientSecret: string, billing: Billing): Promise<string | null>;
}

/** The texts that differ between a monthly gift and one every day of Ramadan. */
const TEXTS = {
  monthly: {
    amount: { label: 'Amount each month (Tk)' },
    payBy: { label: 'Pay each month by' },
    card: { label: 'Card (charged each month)' },
    wallet: { label: 'bKash, Nagad or Rocket (a reminder each month)' },
    note: {
      text: 'The first month is given now. You can pause, change or cancel it at any time under My Regular Gifts, or from the link in its e-mails.',
    },
    submit: { label: 'Give monthly' },
    done: { title: 'Your monthly gift is set up' },
  },
  daily: {
    amount: { label: 'Amount each day (Tk)' },
    payBy: { label: 'Pay each day by' },
    card: { label: 'Card (charged each day)' },
    wallet: { label: 'bKash, Nagad or Rocket (a reminder each day)' },
    note: {
      text: "Today's gift is given now, then one each day until the last day of Ramadan. You can pause, change or cancel it at any time under My Regular Gifts, or from the link in its e-mails.",
    },
    submit: { label: 'Give every day of Ramadan' },
    done: { title: 'Your Ramadan daily gift is set up' },
  },
} as const;

const METHODS = ['card', 'wallet'] as const;

/** The embedded processor's card fields (Stripe has its own). */
const CARD_FIELDS = [
  {
    name: 'number',
    id: 'monthly-card',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
  },
  {
    name: 'expiry',
    id: 'monthly-expiry',
    label: 'Expiry (MM/YY)',
    autoComplete: 'cc-exp',
    // translated where shown (মাস/বছর)
    placeholder: 'MM/YY',
  },
  { name: 'cvc', id: 'monthly-cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123' },
] as const;

interface Props {
  fundId: string;
  frequency: 'monthly' | 'daily';
  /** Stripe's card field, when Stripe is the provider; absent: the embedded processor's fields. */
  saver?: CardSaver;
  initialAmountTk: number;
  anonymous: boolean;
  billing: Billing;
  /** Cards can be saved here (the embedded processor); otherwise wallets are reminded. */
  cards: boolean;
}

/**
 * "Give monthly": a card saved with the processor and charged each month (the first
 * month now), or a monthly reminder with a one-tap link for a wallet.
 */
export function MonthlyGiftForm({
  fundId,
  frequency,
  saver,
  initialAmountTk,
  anonymous,
  billing,
  cards,
}: Props) {
  const { t } = useI18n();
  const text = TEXTS[frequency];
  const navigate = useNavigate();
  const start = useStartGift();
  const saveCard = useConfirmTestSetup();
  const activate = useActivateGift();
  const [method, setMethod] = useState<(typeof METHODS)[number]>(cards ? 'card' : 'wallet');
  const [amountTk, setAmountTk] = useState(String(initialAmountTk));
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { gift, setup } = await start.mutateAsync({
        fundId,
        amountTk: Number(amountTk),
        method,
        frequency,
        anonymous,
      });
      if (setup && saver) {
        const cardError = await saver.save(setup.clientSecret, billing);
        if (cardError) throw new Error(cardError);
        await activate.mutateAsync(gift.id);
      } else if (setup) {
        await saveCard.mutateAsync({
          setupIntentId: setup.setupIntentId,
          clientSecret: setup.clientSecret,
          card: {
            number: card.number.replace(/[\s-]/g, ''),
            ...parseExpiry(card.expiry),
            cvc: card.cvc.trim(),
          },
          billing,
        });
        await activate.mutateAsync(gift.id);
      }
      void popup.success(text.done.title);
      await navigate(paths.monthlyGifts);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-3">
      <LabelledInput
        id="monthly-amount"
        label={text.amount.label}
        type="number"
        min={10}
        className="input input-bordered"
        value={amountTk}
        onChange={(e) => setAmountTk(e.target.value)}
      />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1">{t(text.payBy.label)}</legend>
        {METHODS.filter((m) => cards || m === 'wallet').map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            {t(text[m].label)}
          </label>
        ))}
      </fieldset>
      {method === 'card' && saver && saver.field}
      {method === 'card' && !saver && (
        <div className="grid grid-cols-[2fr_1fr_1fr] gap-2">
          {CARD_FIELDS.map(({ name, id, label, autoComplete, placeholder }) => (
            <LabelledInput
              key={name}
              id={id}
              label={label}
              inputMode="numeric"
              autoComplete={autoComplete}
              className="input input-bordered font-mono"
              placeholder={name === 'expiry' ? t(placeholder) : placeholder}
              value={card[name]}
              onChange={(e) => setCard({ ...card, [name]: e.target.value })}
            />
          ))}
        </div>
      )}
      <p className="text-xs text-base-content/80">{t(text.note.text)}</p>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={busy || (method === 'card' && saver !== undefined && !saver.ready)}
      >
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t(text.submit.label)}
      </button>
      {error && (
        <p role="alert" className="text-sm text-error">
          {t(error)}
        </p>
      )}
    </form>
  );
}
