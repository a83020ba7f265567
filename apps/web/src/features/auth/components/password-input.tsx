import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { useI18n } from '../../../lib/i18n';

/** A password input with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function PasswordInput(props, ref) {
    const [shown, setShown] = useState(false);
    const { t } = useI18n();
    return (
      <div className="join w-full">
        <input
          {...props}
          ref={ref}
          type={shown ? 'text' : 'password'}
          className="input join-item input-bordered w-full"
        />
        <button
          type="button"
          className="btn join-item btn-outline"
          aria-label={shown ? t('Hide password') : t('Show password')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('Hide') : t('Show')}
        </button>
      </div>
    );
  },
);
