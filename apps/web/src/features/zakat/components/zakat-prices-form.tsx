import { type FormEvent, useId, useState } from 'react';
import { ZUpdateZakatSettingsRequest, type TZakatSettings } from '@easyfund/shared/schemas/zakat';
import { useUpdateZakatSettings } from '../../../api/zakat';
import { FieldWithError } from '../../../components/field-with-error';
import { useI18n } from '../../../lib/i18n';
import { useCheckedSave } from '../../../lib/use-checked-save';

/** An admin keeps the gold and silver prices per gram current. */
/** The two prices an admin keeps up to date (labels translated where shown). */
const PRICE_FIELDS = [
  { name: 'goldTkPerGram', label: 'Gold, Tk per gram' },
  { name: 'silverTkPerGram', label: 'Silver, Tk per gram' },
] as const;

export function ZakatPricesForm({ settings }: { settings: TZakatSettings }) {
  const { t } = useI18n();
  const id = useId();
  const [gold, setGold] = useState(
    settings.goldPoishaPerGram ? String(settings.goldPoishaPerGram / 100) : '',
  );
  const [silver, setSilver] = useState(
    settings.silverPoishaPerGram ? String(settings.silverPoishaPerGram / 100) : '',
  );
  const save = useUpdateZakatSettings();
  const { errors, saved, submit } = useCheckedSave(ZUpdateZakatSettingsRequest, (body) =>
    save.mutateAsync(body),
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit({ goldTkPerGram: gold, silverTkPerGram: silver });
  };

  const field = (
    name: 'goldTkPerGram' | 'silverTkPerGram',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <FieldWithError
      key={name}
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      look="spaced"
    >
      {(aria) => (
        <input
          id={`${id}-${name}`}
          type="text"
          inputMode="decimal"
          className="input input-bordered w-full"
          value={value}
          onChange={(e) => set(e.target.value)}
          {...aria}
        />
      )}
    </FieldWithError>
  );

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-5"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {t("Today's prices (admins)")}
      </h2>
      {PRICE_FIELDS.map(({ name, label }) =>
        name === 'goldTkPerGram'
          ? field(name, label, gold, setGold)
          : field(name, label, silver, setSilver),
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-error">
          {t(errors.form)}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
          {t('Save prices')}
        </button>
        <p role="status" className="text-sm text-emerald-800">
          {saved && t('Saved')}
        </p>
      </div>
    </form>
  );
}
