import { type FormEvent, useId, useState } from 'react';
import { ZUpdateZakatSettingsRequest, type TZakatSettings } from '@easyfund/shared/schemas/zakat';
import { useUpdateZakatSettings } from '../../../api/zakat';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useUpdateZakatSettings();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const body = { goldTkPerGram: gold, silverTkPerGram: silver };
    const parsed = ZUpdateZakatSettingsRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await save.mutateAsync(body);
      setErrors({});
      setSaved(true);
    } catch (err) {
      setErrors(
        err instanceof ApiError && err.fields ? err.fields : { form: 'Something went wrong!' },
      );
    }
  }

  const field = (
    name: 'goldTkPerGram' | 'silverTkPerGram',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="label pb-1 text-sm font-medium text-base-content">
        {t(label)}
      </label>
      <input
        id={`${id}-${name}`}
        type="text"
        inputMode="decimal"
        className="input input-bordered w-full"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} role="alert" className="mt-1 text-sm text-error">
          {t(errors[name])}
        </p>
      )}
    </div>
  );

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
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
