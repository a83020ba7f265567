import { type MouseEvent, useId, useRef, useState } from 'react';
import { Link } from '../../../lib/link';
import { useNavigate } from '../../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import { useAddToCart } from '../../../api/cart';
import { meQuery, useSession } from '../../../api/session';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { AMOUNT_ERROR, chosenAmount, initialChoice } from '../amount';
import { AmountPicker } from './amount-picker';
import { LoginPrompt, type LoginPromptHandle } from './login-prompt';

type CartNote = { kind: 'success' | 'info' | 'error'; text: string; link?: boolean };

/** Amount choice, the Donate link to the pay page, and "Add to selected donations". */
export function DonateBox({ fund }: { fund: TFundPublic }) {
  const { user, loading } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const start = initialChoice(fund.suggestedPoisha);
  const [choice, setChoice] = useState(start.choice);
  const [other, setOther] = useState(start.other);
  const [showError, setShowError] = useState(false);
  const [note, setNote] = useState<CartNote | null>(null);
  const otherRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<LoginPromptHandle>(null);
  const amount = chosenAmount(choice, other);
  // Donate comes back to the pay step with the amount chosen; "Add" to the fund page.
  const [returnTo, setReturnTo] = useState(paths.fund(fund.id));
  const summaryId = useId();
  const { t, tk } = useI18n();

  const onDonate = (e: MouseEvent) => {
    if (amount === null) {
      e.preventDefault();
      setShowError(true);
      otherRef.current?.focus();
      return;
    }
    if (user) return;
    e.preventDefault();
    setReturnTo(paths.payFor(fund.id, amount));
    if (!loading) {
      promptRef.current?.showModal();
      return;
    }
    // The session is not known yet (slow data): go on once it is.
    void queryClient.ensureQueryData(meQuery).then((me) => {
      if (me) void navigate(paths.payFor(fund.id, amount));
      else promptRef.current?.showModal();
    });
  };

  const onAdd = () => {
    setNote(null);
    setReturnTo(paths.fund(fund.id));
    if (!loading && !user) {
      promptRef.current?.showModal();
      return;
    }
    addToCart.mutate(fund.id, {
      onSuccess: (res) =>
        setNote(
          res.added
            ? { kind: 'success', text: 'Added to your selected donations.', link: true }
            : {
                kind: 'info',
                text: 'This fund is already in your selected donations.',
                link: true,
              },
        ),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          setNote(null);
          promptRef.current?.showModal();
          return;
        }
        setNote({
          kind: 'error',
          text:
            err instanceof ApiError && err.status === 404
              ? 'This fund is not open for donations.'
              : err.message,
        });
      },
    });
  };

  const noteClass = {
    success: 'alert-success',
    info: 'alert-info',
    error: 'alert-error',
  } as const;

  return (
    <div className="rounded-box border border-base-200 bg-base-100 p-5 shadow-sm">
      <AmountPicker
        choice={choice}
        other={other}
        error={showError && amount === null ? AMOUNT_ERROR : null}
        otherRef={otherRef}
        onChoice={(c) => {
          setChoice(c);
          setShowError(false);
        }}
        onOther={(v) => {
          setOther(v);
          setShowError(chosenAmount('other', v) === null && v !== '');
        }}
      />
      <p id={summaryId} className="mt-4 text-sm text-base-content/80">
        {t('Your donation:')}{' '}
        <strong className="text-base-content">{amount === null ? '—' : tk(amount * 100)}</strong>
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <Link
          to={amount === null ? '#' : paths.payFor(fund.id, amount)}
          onClick={onDonate}
          className="btn btn-primary sm:flex-1"
          aria-describedby={summaryId}
        >
          {t('Donate')}
        </Link>
        <button
          type="button"
          className="btn btn-outline btn-secondary sm:flex-1"
          onClick={onAdd}
          disabled={addToCart.isPending}
        >
          {addToCart.isPending && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          {t('Add to selected donations')}
        </button>
      </div>
      <div aria-live="polite" className="mt-3">
        {note && (
          <div
            role={note.kind === 'error' ? 'alert' : 'status'}
            className={`alert ${noteClass[note.kind]} alert-soft`}
          >
            <span>
              {t(note.text)}{' '}
              {note.link && (
                <Link to={paths.selectedDonation} className="link font-semibold">
                  {t('See selected donations')}
                </Link>
              )}
            </span>
          </div>
        )}
      </div>
      <LoginPrompt ref={promptRef} returnTo={returnTo} />
    </div>
  );
}
