import { type FormEvent, useId, useState } from 'react';
import { ZAKAT_NOTE_MAX, ZSetFundZakatRequest } from '@easyfund/shared/schemas/zakat';
import { useSetFundZakat } from '../../../api/zakat';
import { Checkbox } from '../../../components/checkbox';
import { FieldWithError } from '../../../components/field-with-error';
import { SaveRow } from '../../../components/save-row';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';

/** An admin's control on a fund page: mark the fund Zakat-eligible with a published reason. */
export function ZakatAdmin({
  fundId,
  eligible,
  note,
  onSaved,
}: {
  fundId: string;
  eligible: boolean;
  note: string | null;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [isEligible, setEligible] = useState(eligible);
  const [text, setText] = useState(note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSetFundZakat(fundId);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const body = { eligible: isEligible, note: text };
    const parsed = ZSetFundZakatRequest.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await save.mutateAsync(body);
      setError(null);
      setSaved(true);
      onSaved();
    } catch (err) {
      setError(
        err instanceof ApiError ? (err.fields?.note ?? err.message) : 'Something went wrong!',
      );
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="mt-6 flex flex-col gap-3 rounded-box border border-amber-300 bg-amber-50/60 p-4"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {t('Zakat eligibility (admins)')}
      </h2>
      <label className="flex cursor-pointer items-center gap-2">
        <Checkbox className="checkbox checkbox-sm" checked={isEligible} onChange={setEligible} />
        <span className="text-sm">{t('This fund is Zakat-eligible')}</span>
      </label>
      <FieldWithError
        id={`${id}-note`}
        label="Why (shown on the fund page)"
        error={error ?? undefined}
        look="spaced"
      >
        {(aria) => (
          <textarea
            id={`${id}-note`}
            className="textarea textarea-bordered w-full"
            rows={2}
            maxLength={ZAKAT_NOTE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            {...aria}
          />
        )}
      </FieldWithError>
      <SaveRow label="Save" pending={save.isPending} saved={saved} />
    </form>
  );
}
