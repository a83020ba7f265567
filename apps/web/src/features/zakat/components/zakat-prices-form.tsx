import { type FormEvent, useId, useState } from 'react';
import { ZUpdateZakatSettingsRequest, type TZakatSettings } from '@easyfund/shared/schemas/zakat';
import { useUpdateZakatSettings } from '../../../api/zakat';
import { InputsWithErrors } from '../../../components/input-with-error';
import { SaveRow } from '../../../components/save-row';
import { useI18n } from '../../../lib/i18n';
import { useCheckedSave } from '../../../lib/use-checked-save';

/** An admin keeps the gold and silver prices per gram current. */
/** The two prices an admin keeps up to date (labels translated where shown). */
const PRICE_FIELDS = [
  { name: 'goldTkPerGram', label: 'Gold, Tk per gram', type: 'text', inputMode: 'decimal' },
  { name: 'silverTkPerGram', label: 'Silver, Tk per gram', type: 'text', inputMode: 'decimal' },
] as const;

export function ZakatPricesForm({ settings }: { settings: TZakatSettings }) {
  const { t } = useI18n();
  const id = useId();
  const prices = useState({
    goldTkPerGram: settings.goldPoishaPerGram ? String(settings.goldPoishaPerGram / 100) : '',
    silverTkPerGram: settings.silverPoishaPerGram ? String(settings.silverPoishaPerGram / 100) : '',
  });
  const save = useUpdateZakatSettings();
  const { errors, saved, submit } = useCheckedSave(ZUpdateZakatSettingsRequest, (body) =>
    save.mutateAsync(body),
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(prices[0]);
  };

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
      <InputsWithErrors fields={PRICE_FIELDS} state={prices} errors={errors} look="spaced" />
      <SaveRow label="Save prices" pending={save.isPending} saved={saved} formError={errors.form} />
    </form>
  );
}
