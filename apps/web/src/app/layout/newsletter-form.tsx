import { type FormEvent, useId, useState } from 'react';
import { CONTACT_MSG, MSG } from '@easyfund/shared/texts';
import { useSubscribe } from '../../api/messages';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

// zod stays out of this form (it ships on every page): an empty address is caught here,
// anything else is validated by the server with the shared schema and its message shown.

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string };

/** Newsletter: the e-mail is validated and stored once; success and errors are shown. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const subscribe = useSubscribe();
  const inputId = useId();
  const msgId = useId();
  const { t } = useI18n();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setState({ kind: 'error', text: MSG.invalidEmail });
      return;
    }
    setState({ kind: 'sending' });
    try {
      // The server answers the same whether or not the address was already subscribed.
      await subscribe.mutateAsync(email);
      setState({ kind: 'done', text: CONTACT_MSG.subscribed });
      setEmail('');
    } catch (err) {
      const text =
        err instanceof ApiError ? (err.fields?.email ?? err.message) : CONTACT_MSG.tryLater;
      setState({ kind: 'error', text });
    }
  };

  const error = state.kind === 'error';
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('Newsletter')}>
      <label htmlFor={inputId} className="sr-only">
        {t('Subscribe to our newsletter')}
      </label>
      <div className="join w-full">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder={t('Email goes here')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error}
          aria-describedby={msgId}
          className="input join-item w-full border-0 text-base-content"
        />
        <button
          type="submit"
          className="btn join-item border-0 bg-amber-400 text-neutral hover:bg-amber-300"
          disabled={state.kind === 'sending'}
        >
          {t('Submit')}
        </button>
      </div>
      <p id={msgId} aria-live="polite" className="mt-2 min-h-6 text-sm">
        {state.kind === 'done' && <span className="text-emerald-300">{t(state.text)}</span>}
        {error && (
          <span role="alert" className="text-rose-300">
            {t(state.text)}
          </span>
        )}
      </p>
      <p className="text-sm text-neutral-content/85">{t("Don't worry, we don't spam!")}</p>
    </form>
  );
}
