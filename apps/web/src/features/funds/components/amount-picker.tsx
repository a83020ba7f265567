import { type RefObject, useId } from 'react';
import { DONATION_PRESETS_TK, MAX_DONATION_TK, MIN_DONATION_TK } from '@easyfund/shared/constants';
import { formatWholeTk } from '@easyfund/shared/format';
import { BlockLabel } from '../../../components/block-label';
import { useI18n } from '../../../lib/i18n';
import type { AmountChoice } from '../amount';

interface AmountPickerProps {
  choice: AmountChoice;
  other: string;
  error: string | null;
  otherRef: RefObject<HTMLInputElement | null>;
  onChoice(choice: AmountChoice): void;
  onOther(value: string): void;
}

/** The amount choices 100Tk, 500Tk, 1000Tk and Other (a whole-Tk number input). */
export function AmountPicker({
  choice,
  other,
  error,
  otherRef,
  onChoice,
  onOther,
}: AmountPickerProps) {
  const name = useId();
  const otherId = useId();
  const errorId = `${otherId}-error`;
  const { t, lang, number } = useI18n();
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{t('Choose an amount')}</legend>
      <div className="flex flex-wrap gap-2">
        {DONATION_PRESETS_TK.map((tk) => (
          <input
            key={tk}
            type="radio"
            name={name}
            className="btn btn-outline checked:btn-primary"
            aria-label={t('{{amount}}Tk', { amount: number(tk) })}
            checked={choice === tk}
            onChange={() => onChoice(tk)}
          />
        ))}
        <input
          type="radio"
          name={name}
          className="btn btn-outline checked:btn-primary"
          aria-label={t('Other')}
          checked={choice === 'other'}
          onChange={() => {
            onChoice('other');
            requestAnimationFrame(() => otherRef.current?.focus());
          }}
        />
      </div>
      {choice === 'other' && (
        <div className="mt-3">
          <BlockLabel htmlFor={otherId} label="Other amount (Tk)" />
          <input
            ref={otherRef}
            id={otherId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={other}
            onChange={(e) => onOther(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
            className={`input input-bordered w-full max-w-xs ${error ? 'input-error' : ''}`}
          />
          {error && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-error">
              {t(error, {
                min: formatWholeTk(MIN_DONATION_TK, lang),
                max: formatWholeTk(MAX_DONATION_TK, lang),
              })}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
