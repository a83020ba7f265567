import { useId } from 'react';
import { SUPPORT_MESSAGE_MAX } from '@easyfund/shared/schemas/payments';
import { useI18n } from '../../../lib/i18n';

/**
 * The donor's choices on the pay step, sent with every method (card or wallet): how they
 * appear on the fund's donor wall, and whether they hear the organiser's updates.
 */
export interface Giving {
  anonymous: boolean;
  supportMessage: string;
  /** "Tell me how this fund is doing": on unless the donor unticks it. */
  updatesOptIn: boolean;
  /** "This gift is my Zakat"; undefined until the donor chooses (the page presets it). */
  zakat?: boolean;
}

export const NO_GIVING_OPTIONS: Giving = {
  anonymous: false,
  supportMessage: '',
  updatesOptIn: true,
};

/** "Give anonymously" and an optional message of support, on the pay step. */
export function GivingOptions({
  value,
  onChange,
  disabled,
}: {
  value: Giving;
  onChange: (next: Giving) => void;
  disabled?: boolean;
}) {
  const { t, number } = useI18n();
  const hintId = useId();
  const countId = useId();
  const zakatHintId = useId();
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="mb-2 text-lg font-semibold">{t('On the donor wall')}</legend>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          checked={value.anonymous}
          aria-describedby={hintId}
          onChange={(e) => onChange({ ...value, anonymous: e.currentTarget.checked })}
        />
        <span>
          <span className="font-medium">{t('Give anonymously')}</span>
          <span id={hintId} className="block text-sm text-base-content/80">
            {t(
              'Others and the fund raiser see "Anonymous"; our team and your receipt keep your name.',
            )}
          </span>
        </span>
      </label>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          checked={value.zakat ?? false}
          aria-describedby={zakatHintId}
          onChange={(e) => onChange({ ...value, zakat: e.currentTarget.checked })}
        />
        <span>
          <span className="font-medium">{t('This gift is my Zakat')}</span>
          <span id={zakatHintId} className="block text-sm text-base-content/80">
            {t('Your receipt, your yearly statement and your downloads will say so.')}
          </span>
        </span>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('Message of support (optional)')}</span>
        <textarea
          className="textarea textarea-bordered w-full"
          rows={3}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={value.supportMessage}
          aria-describedby={countId}
          onChange={(e) => onChange({ ...value, supportMessage: e.currentTarget.value })}
        />
        <span id={countId} className="text-right text-xs text-base-content/75">
          {t('{{used}} of {{max}} characters', {
            used: number(value.supportMessage.length),
            max: number(SUPPORT_MESSAGE_MAX),
          })}
        </span>
      </label>
    </fieldset>
  );
}
