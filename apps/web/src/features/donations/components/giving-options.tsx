import { useId } from 'react';
import { SUPPORT_MESSAGE_MAX } from '@easyfund/shared/schemas/payments';
import { Checkbox } from '../../../components/checkbox';
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
  const countId = useId();
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="mb-2 text-lg font-semibold">{t('On the donor wall')}</legend>
      <Choice
        label="Give anonymously"
        hint='Others and the fund raiser see "Anonymous"; our team and your receipt keep your name.'
        checked={value.anonymous}
        onChange={(anonymous) => onChange({ ...value, anonymous })}
      />
      <Choice
        label="This gift is my Zakat"
        hint="Your receipt, your yearly statement and your downloads will say so."
        checked={value.zakat ?? false}
        onChange={(zakat) => onChange({ ...value, zakat })}
      />
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

/** A choice the donor ticks, with the line that says what it does. */
function Choice({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useI18n();
  const hintId = useId();
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <Checkbox
        className="checkbox checkbox-primary mt-0.5"
        checked={checked}
        aria-describedby={hintId}
        onChange={onChange}
      />
      <span>
        <span className="font-medium">{t(label)}</span>
        <span id={hintId} className="block text-sm text-base-content/80">
          {t(hint)}
        </span>
      </span>
    </label>
  );
}
